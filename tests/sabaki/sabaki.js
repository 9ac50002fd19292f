// Drives tengen as Sabaki does, through @sabaki/gtp (the GTP layer Sabaki itself uses):
// CLIENTS.md §2.2 and §2.6. Run by tests/it/sabaki.rs as `node sabaki.js <tengen> [args...]`;
// prints one `ok: ...` line per check and exits non-zero on the first failure.
//
// 1. The start-up batch: name, version, protocol_version, list_commands written together.
// 2. A history replay with ControllerStateTracker.sync (komi, boardsize, every play at once),
//    then navigation (undo + the new branch).
// 3. kata-analyze B 10 and lz-analyze W 10 for a second each, aborted by protocol_version as
//    Sabaki does; every info line parsed with Sabaki's rules (src/modules/analysis.js).
// 4. kata-genmove_analyze W 10: info lines, then `play <vertex>`, and the move is played.
// 5. quit: the process is gone within 3 s (Sabaki kills it after 3 s).

'use strict'

const {Controller, ControllerStateTracker} = require('@sabaki/gtp')

const [tengen, ...args] = process.argv.slice(2)
const size = 9

function fail(message) {
  console.error(`FAIL: ${message}`)
  process.exit(1)
}

function check(condition, message) {
  if (!condition) fail(message)
}

function ok(message) {
  console.log(`ok: ${message}`)
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

// Sabaki's analysis parser (src/modules/analysis.js, CLIENTS.md §2.6), with the winrate units
// of v0.60 (by command name) and v0.52 (by content) both checked.
function parseAnalysis(line, dialect) {
  check(line.startsWith('info '), `not an info line: ${line}`)
  let kept = []
  for (let segment of line.split(/\s*info\s+/).slice(1)) {
    let match = segment.match(/(pass|[A-Za-z]\d+)(\s+(pass|[A-Za-z]\d+))*\s*$/)
    check(match != null, `no pv in ${segment}`)
    let pv = match[0]
      .trim()
      .split(/\s+/)
    let before = segment.slice(0, match.index).trim().split(/\s+/)
    check(before[before.length - 1] === 'pv', `pv is not last: ${segment}`)
    let pairs = before.slice(0, -1)
    check(pairs.length % 2 === 0, `odd key/value list: ${segment}`)
    let fields = {}
    for (let i = 0; i < pairs.length; i += 2) fields[pairs[i]] = pairs[i + 1]
    if (!/^[A-Za-z]\d+$/.test(fields.move || '')) continue // Sabaki drops `move pass`
    check(fields.winrate != null, `no winrate: ${segment}`)
    let hasPoint = fields.winrate.includes('.')
    let winrate
    if (dialect === 'kata') {
      check(hasPoint, `kata winrate without a decimal point: ${fields.winrate}`)
      winrate = +fields.winrate
    } else {
      check(!hasPoint && /^\d+$/.test(fields.winrate), `lz winrate not an integer: ${fields.winrate}`)
      winrate = +fields.winrate / 10000
    }
    check(winrate >= 0 && winrate <= 1, `winrate out of range: ${fields.winrate}`)
    check(/^\d+$/.test(fields.visits || ''), `visits: ${segment}`)
    if (dialect === 'kata') {
      check(fields.scoreLead != null && !isNaN(+fields.scoreLead), `scoreLead: ${segment}`)
    }
    for (let value of Object.values(fields)) {
      check(!/[eE]/.test(value) || /^[A-Za-z]\d+$/.test(value), `scientific notation: ${value}`)
    }
    check(pv[0] === fields.move, `pv does not start with the move: ${segment}`)
    kept.push({move: fields.move, visits: +fields.visits, winrate, pv})
  }
  return kept
}

async function analyse(controller, name, color, dialect) {
  let lines = []
  let analysis = controller.sendCommand({name, args: [color, '10']}, ({line}) => {
    if (line.startsWith('info ')) lines.push(line)
    check(!line.startsWith('play '), `${name} printed ${line}`)
  })
  await sleep(1000)
  // Sabaki's abort: protocol_version while the engine is busy.
  let abort = controller.sendCommand({name: 'protocol_version'})
  let response = await analysis
  check(!response.error, `${name}: ${response.content}`)
  let ping = await abort
  check(!ping.error && ping.content === '2', `protocol_version after ${name}: ${ping.content}`)
  check(lines.length > 0, `${name}: no info line in a second`)
  let entries = 0
  for (let line of lines) {
    let kept = parseAnalysis(line, dialect)
    check(kept.length > 0, `${name}: Sabaki keeps nothing of ${line}`)
    entries += kept.length
  }
  ok(`${name} ${color}: ${lines.length} info lines, ${entries} entries, stopped by protocol_version`)
}

async function main() {
  let controller = new Controller(tengen, args)
  controller.start()

  // 1. The start-up batch, written together.
  let [name, version, protocol, list] = await Promise.all(
    ['name', 'version', 'protocol_version', 'list_commands'].map(name =>
      controller.sendCommand({name})
    )
  )
  check(name.content === 'tengen', `name: ${name.content}`)
  check(!version.error, `version: ${version.content}`)
  check(protocol.content === '2', `protocol_version: ${protocol.content}`)
  let commands = list.content.split('\n')
  for (let command of ['kata-analyze', 'lz-analyze', 'kata-genmove_analyze', 'undo']) {
    check(commands.includes(command), `${command} not listed`)
  }
  ok('start-up batch')

  // 2. History replay and navigation.
  let tracker = new ControllerStateTracker(controller)
  let play = (color, vertex) => ({name: 'play', args: [color, vertex]})
  let history = [play('B', 'E5'), play('W', 'C3'), play('B', 'G7'), play('W', 'C7')]
  await tracker.sync({komi: 6.5, boardsize: [size, size], history})
  ok('history replay')
  await tracker.sync({
    komi: 6.5,
    boardsize: [size, size],
    history: [...history.slice(0, 3), play('W', 'G3')]
  })
  let stones = await controller.sendCommand({name: 'list_stones', args: ['W']})
  check(stones.content.split(' ').sort().join(' ') === 'C3 G3', `white stones: ${stones.content}`)
  ok('navigation by undo')

  // 3. Analysis, aborted as Sabaki aborts it.
  await analyse(controller, 'kata-analyze', 'B', 'kata')
  await analyse(controller, 'lz-analyze', 'W', 'lz')

  // 4. The engine's move with analysis.
  let lines = []
  let genmove = await controller.sendCommand(
    {name: 'kata-genmove_analyze', args: ['B', '10']},
    ({line}) => lines.push(line)
  )
  check(!genmove.error, `kata-genmove_analyze: ${genmove.content}`)
  let playLine = lines.filter(l => l !== '').pop()
  check(/^play ([A-HJ-T]\d+|pass|resign)$/.test(playLine), `last line: ${playLine}`)
  for (let line of lines.filter(l => l.startsWith('info '))) parseAnalysis(line, 'kata')
  let move = playLine.slice(5)
  if (/^[A-Z]\d+$/.test(move)) {
    let black = await controller.sendCommand({name: 'list_stones', args: ['B']})
    check(black.content.split(' ').includes(move), `${move} not played: ${black.content}`)
  }
  ok(`kata-genmove_analyze: ${playLine}`)

  // 5. quit within 3 s, without being killed.
  let exit = new Promise(resolve => controller.process.once('exit', (code, signal) => resolve({code, signal})))
  let start = Date.now()
  await controller.stop(3000)
  let {code, signal} = await exit
  let elapsed = Date.now() - start
  check(signal == null && code === 0, `tengen ended with code ${code}, signal ${signal}`)
  check(elapsed < 3000, `quit took ${elapsed} ms`)
  ok(`quit in ${elapsed} ms`)
}

main().catch(err => fail(err.stack || String(err)))
