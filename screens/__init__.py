"""The Textual front end of chaigames. It imports the rules core; the core never imports it."""
