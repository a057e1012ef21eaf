"""``python -m pnp``: the same command as the ``pnp`` console script."""

from pnp.console import run

if __name__ == "__main__":
    run()
