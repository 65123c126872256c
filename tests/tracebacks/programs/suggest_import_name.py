from helpers.errors import HelpError
