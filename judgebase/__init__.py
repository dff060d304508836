"""judgebase: a rules knowledge base and judge assistant for the Digimon Card Game."""

__version__ = "0.1.0"
