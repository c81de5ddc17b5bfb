"""Tables over SSH: the table process, its wire and the client side (the `tables` branch owns this)."""
