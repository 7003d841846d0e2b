"""Which language a reply is in, and the abstention rule: a judge gives no verdict on a reply it cannot read."""
