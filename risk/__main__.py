import sys

from risk.cli import main

sys.exit(main())
