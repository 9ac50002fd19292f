"""The engine's network file (src/net/network/file.rs has the table of its format).

Version 2, little-endian: b"TGNNET02"; planes, blocks, channels, the payload's length in
bytes and the payload's CRC-32 (u32 each); the CRC-32 of those first 28 bytes (u32); the
payload, the f32 weights. CRC-32 is zlib's (IEEE), which the engine computes with crc32fast.
Version 1 (b"TGNNET01") was the three u32 and the payload, without length or checksums.

No torch here: train/convert_network.py uses it alone.
"""

import os
import struct
import zlib

MAGIC = b"TGNNET02"
MAGIC_V1 = b"TGNNET01"


def weights(planes, blocks, channels):
    """The number of f32 weights of a network of this shape (the engine's `weights`)."""
    c = channels
    return (c * planes * 9 + c) + blocks * 2 * (c * c * 9 + c) + (c + 1) + (c + 1)


def encode(planes, blocks, channels, payload):
    """The bytes of a version 2 file holding `payload` (the weights, little-endian f32)."""
    if len(payload) != 4 * weights(planes, blocks, channels):
        raise ValueError(
            f"{len(payload)} bytes of weights for {blocks} blocks of {channels} channels"
        )
    head = MAGIC + struct.pack(
        "<IIIII", planes, blocks, channels, len(payload), zlib.crc32(payload)
    )
    return head + struct.pack("<I", zlib.crc32(head)) + payload


def write(path, planes, blocks, channels, payload):
    """Writes a version 2 file atomically (a temporary file renamed)."""
    data = encode(planes, blocks, channels, payload)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def decode_v1(data):
    """(planes, blocks, channels, payload) of a version 1 file; ValueError if it is not one."""
    if data[:8] != MAGIC_V1:
        raise ValueError(f"not a version 1 network file (it begins {data[:8]!r})")
    if len(data) < 20:
        raise ValueError("truncated header")
    planes, blocks, channels = struct.unpack("<III", data[8:20])
    payload = data[20:]
    if len(payload) != 4 * weights(planes, blocks, channels):
        raise ValueError(
            f"{len(payload)} bytes of weights; {blocks} blocks of {channels} channels "
            f"take {4 * weights(planes, blocks, channels)}"
        )
    return planes, blocks, channels, payload
