// gtp2ogs's own PvOutputParser (src/PvOutputParser.ts of online-go/gtp2ogs, from the checkout
// in $GTP2OGS_SRC, transpiled here with typescript) reads tengen's stderr during two genmoves,
// as gtp2ogs's Bot does: each stderr line goes to `scanAndSendEngineAnalysis(game, line)`
// while the game waits for the move. Prints `ok:` lines with what the parser posted to the
// game, or `skipped:` when the checkout is missing; exits 1 on a failure.
//
// Usage: node pv.js TENGEN [ARGS...]

'use strict'
const fs = require('fs')
const path = require('path')
const {spawn} = require('child_process')

const src = process.env.GTP2OGS_SRC
const file = src && path.join(src, 'src', 'PvOutputParser.ts')
if (!file || !fs.existsSync(file)) {
  console.log('skipped: gtp2ogs is not on the npm registry; set GTP2OGS_SRC to a checkout of ' +
    'online-go/gtp2ogs (version 9) to run its PvOutputParser')
  process.exit(0)
}
let ts
try {
  ts = require('typescript')
} catch (e) {
  console.log('skipped: typescript is not installed (run `npm ci` in tests/ogs)')
  process.exit(0)
}

// The parser's imports: goban-engine's two coordinate helpers (goban-engine is not on the
// npm registry either; these are the SGF letters a..z, -1 for none), gtp2ogs's trace (a
// logger), and Game (a type only).
const stubs = {
  'goban-engine': {
    num2char: n => (n === -1 ? '.' : 'abcdefghijklmnopqrstuvwxyz'[n]),
    char2num: c => (c === '.' ? -1 : 'abcdefghijklmnopqrstuvwxyz'.indexOf(c)),
    protocol: {},
  },
  './trace': {trace: {info() {}, debug() {}, warn() {}, error() {}, log() {}}},
  './Game': {},
}
const code = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
  compilerOptions: {module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020},
}).outputText
const module_ = {exports: {}}
new Function('require', 'module', 'exports', code)(
  name => {
    if (!(name in stubs)) throw new Error(`PvOutputParser imports ${name}`)
    return stubs[name]
  },
  module_,
  module_.exports
)
const {PvOutputParser} = module_.exports

let failures = 0
function check(ok, what) {
  if (!ok) {
    failures++
    console.log(`FAILED: ${what}`)
  }
}

// The game as the parser sees it: gtp2ogs's Game with `processing` true while a genmove
// is out, the moves so far, the board's height, and sendChat.
const posted = []
const game = {
  processing: false,
  my_color: 'black',
  state: {moves: [], height: 9, width: 9},
  sendChat(message, moveNumber, channel) {
    posted.push({message, moveNumber, channel})
  },
}
const parser = new PvOutputParser()

const [tengen, ...args] = process.argv.slice(2)
const child = spawn(tengen, args, {stdio: ['pipe', 'pipe', 'pipe']})
const stderrLines = []
let errBuffer = ''
child.stderr.on('data', data => {
  errBuffer += data.toString()
  let i
  while ((i = errBuffer.indexOf('\n')) >= 0) {
    const line = errBuffer.slice(0, i).trim()
    errBuffer = errBuffer.slice(i + 1)
    if (line === '') continue
    stderrLines.push(line)
    parser.scanAndSendEngineAnalysis(game, line)
  }
})

let outBuffer = ''
const waiting = []
child.stdout.on('data', data => {
  outBuffer += data.toString()
  let i
  while ((i = outBuffer.indexOf('\n\n')) >= 0) {
    const reply = outBuffer.slice(0, i)
    outBuffer = outBuffer.slice(i + 2)
    waiting.shift()(reply)
  }
})
function send(command) {
  return new Promise(resolve => {
    waiting.push(resolve)
    child.stdin.write(command + '\n')
  })
}
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

async function main() {
  await send('boardsize 9')
  await send('clear_board')
  await send('komi 7')
  // Off the 9x9 book: the first moves are searched, not looked up.
  await send('play b C3')
  game.state.moves.push('cg')
  const played = []
  for (const color of ['w', 'b']) {
    game.processing = true
    const reply = await send(`genmove ${color}`)
    // The stderr line comes before the reply; let its pipe catch up as gtp2ogs's does.
    await sleep(200)
    game.processing = false
    const move = reply.replace(/^=\s*/, '').trim()
    played.push(move)
  }
  await send('quit')
  child.stdin.end()
  await new Promise(resolve => child.on('exit', resolve))

  check(parser.detected_engine === 'katago', `engine detected as ${parser.detected_engine}`)
  console.log(`ok: gtp2ogs detected "${parser.detected_engine}" from: ${stderrLines[0]}`)
  check(posted.length === played.length, `${posted.length} variations posted for ${played.length} moves`)
  posted.forEach(({message, channel}, i) => {
    const move = played[i]
    // gtp2ogs marks the move the variation starts with: the move played, in SGF letters.
    const col = 'abcdefghjklmnopqrstuvwxyz'.indexOf(move[0].toLowerCase())
    const sgf = 'abcdefghijklmnopqrstuvwxyz'[col] + 'abcdefghijklmnopqrstuvwxyz'[9 - parseInt(move.slice(1))]
    check(message.type === 'analysis', `type ${message.type}`)
    check(channel === 'malkovich', `channel ${channel}`)
    check(message.marks.circle === sgf, `circle ${message.marks.circle} for ${move}`)
    check(message.moves.startsWith(sgf) && message.moves.length % 2 === 0, `moves ${message.moves}`)
    const a = message.engine_analysis
    check(a.win_rate >= 0 && a.win_rate <= 100, `win rate ${a.win_rate}`)
    check(Number.isFinite(a.score) && a.visits > 0, `score ${a.score}, visits ${a.visits}`)
    check(/^Win rate: \d+\.\d%, Score: -?\d+\.\d, Visits: \d+$/.test(message.name), `name ${message.name}`)
    console.log(`ok: genmove ${i + 1} played ${move}; gtp2ogs posted ${JSON.stringify(message)}`)
  })
  if (failures > 0) process.exit(1)
  console.log(`ok: ${posted.length} variations posted`)
}

main().catch(e => {
  console.log(`FAILED: ${e.stack}`)
  process.exit(1)
})
