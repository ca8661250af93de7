"""Games that live only under tests/, registered by the tests alone (tests/conftest.py,
game.register): the shipped program lists none of them."""
