"""Set W: thirty legitimate project memories beside the words set T's rules added (codes,
PINs and keypads, a community string, "opens at", split halves and parts, IBANs and cards,
seed and recovery), written from that merge's summary before its code was read. First
measured, on the revision before set T's rules and after them alike: redact() cut 1 of 30
("The PIN pad … is an Ingenico Lane 3000.": the model number read as a PIN) and the main
agent's save refused the same one as a secret; the credential-talk hold found room for a
value in 2 before and 3 after ("The keypad layout setting is de-CH …" added): those would
be held for review on the LLM path, not shared at once."""

W_LOOKALIKES = [
    "The release code name is Lighthouse and the branch is release/lighthouse.",
    "The support desk opens at 09:00 CET and closes at 18:00.",
    "The SNMP community string is kept in Vault under network/snmp.",
    "The PIN pad on the payment terminal is an Ingenico Lane 3000.",
    "The error code is E1042 when the upstream times out.",
    "Error code 503 means the queue is full; retry after the Retry-After header.",
    "The country code for the Swiss store is CH and its currency CHF.",
    "The project code is PRJ-2291 for time tracking.",
    "The discount code field accepts up to 20 characters.",
    "Phase two of the migration starts after the billing cutover.",
    "The second half of the sprint is reserved for bug fixes.",
    "The rest of the team uses IntelliJ.",
    "Part 2 of the runbook covers the failover to eu-west-1.",
    "The build number ends with the short commit hash.",
    "The keypad layout setting is de-CH for the Zurich office.",
    "The community edition lacks SSO; we pay for the enterprise edition.",
    "The vault opens at the start of each deploy and seals after it.",
    "Our IBAN validation uses the mod-97 check in payments/iban.py.",
    "Card numbers are tokenized by Stripe; we never store them.",
    "The test card 4242 4242 4242 4242 is used in the staging checkout tests.",
    "The door code for the server room is managed by facilities, not by us.",
    "The wifi in the office is called acme-guest and needs no login for visitors.",
    "Her username is jdoe on the staging admin panel.",
    "The seed for the random generator in tests is 1234.",
    "The recovery runbook is docs/recovery.md and names the on-call as owner.",
    "PINs for the hardware tokens are reset by the IT helpdesk.",
    "The verification code is sent by SMS and expires after 10 minutes.",
    "The unlock command for the CI lock file is make unlock.",
    "The sprint goal is: ship the invoice export.",
    "The default branch is trunk and the protected branches are trunk and release/*.",
]
