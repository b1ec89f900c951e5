"""``python -m pirc ...`` is the ``pirc`` command."""

from pirc.cli.main import main

if __name__ == "__main__":
    main()
