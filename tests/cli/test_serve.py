"""``memoryd serve``'s steps: the address the options choose, and the guard on listening
beyond the loopback without a key."""

from __future__ import annotations

import pytest
import typer

from daemon.base.settings import Settings
from daemon.cli.serve import _guard, _listening_on, _server_config


def test_the_options_choose_the_address_and_the_settings_fill_the_rest() -> None:
    settings = Settings()
    assert _listening_on(settings, None, None).api == settings.api
    chosen = _listening_on(settings, "0.0.0.0", 9999).api
    assert (chosen.host, chosen.port) == ("0.0.0.0", 9999)
    assert _listening_on(settings, None, 0).api.port == 0  # port 0 is a choice, not unset


def test_no_key_refuses_another_address_than_the_loopback() -> None:
    beyond = _listening_on(Settings(), "0.0.0.0", None)
    with pytest.raises(typer.Exit) as refused:
        _guard(beyond, 0, no_auth=False)
    assert refused.value.exit_code == 2
    _guard(beyond, 1, no_auth=False)  # a key exists
    _guard(beyond, 0, no_auth=True)  # said loudly, not refused
    _guard(_listening_on(Settings(), "127.0.0.1", None), 0, no_auth=False)


def test_the_server_serves_the_chosen_address() -> None:
    config = _server_config(_listening_on(Settings(), "127.0.0.1", 8123), no_auth=False)
    assert (config.host, config.port, config.access_log) == ("127.0.0.1", 8123, False)
