"""One module per section of Peel's laws; each module's header names the laws it enforces.

- :mod:`.ante`: the ante and the straddles (Laws 19-24).
- :mod:`.deal`: the deal (Laws 6-7, 17).
- :mod:`.say`: the say before the draw (Laws 23-28).
- :mod:`.jackpot`: the jack-pot (Laws 29-33).
- :mod:`.draw`: the draw (Laws 34-41).
- :mod:`.betting`: betting after the draw (Laws 52-58).
- :mod:`.show`: the show and sharing the pool (Laws 58-61, 76).
- :mod:`.staking`: moving chips into the pool, which every section does (Laws 52, 56, 60).
"""
