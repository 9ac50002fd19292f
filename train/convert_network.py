#!/usr/bin/env python3
"""Converts a network file of version 1 (TGNNET01, no checksum) to version 2 (TGNNET02):

    python3 train/convert_network.py OLD NEW

Every weight is kept bit for bit: only the header changes (the payload's length and two
checksums are added; train/netfile.py). OLD and NEW may be the same path.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netfile  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    old, new = sys.argv[1:]
    with open(old, "rb") as f:
        data = f.read()
    try:
        planes, blocks, channels, payload = netfile.decode_v1(data)
    except ValueError as e:
        sys.exit(f"{old}: {e}")
    netfile.write(new, planes, blocks, channels, payload)
    print(f"{new}: {blocks} blocks of {channels} channels, {len(payload)} bytes of weights")


if __name__ == "__main__":
    main()
