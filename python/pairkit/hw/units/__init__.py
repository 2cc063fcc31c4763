"""pairkit.hw.units: the seeds' arithmetic units as Amaranth generators, and their catalogue.

unit.py       the common unit interface (start/done handshake, ports, spec model) and the generator registry
catalogue.py  every generator module registered, looked up by name
fields.py     field parameters of the generated units (GF(2^m), GF(3^m))
linmap.py     linear maps over F_2 / F_3 (squaring, square root, Frobenius) as XOR networks
common.py     shared building blocks (sequencer, digit-serial datapaths)
gf2.py, gf2_seed004.py, tmvp.py, gf3.py, ext.py   the units of seeds 000/003/004, 001 and the extension fields
"""
