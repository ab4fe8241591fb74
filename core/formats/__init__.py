"""Django's format modules (FORMAT_MODULE_PATH): the league's one date format."""
