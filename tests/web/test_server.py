"""Binding the server's socket (web/server.py)."""

from __future__ import annotations

import socket

import pytest

from fourinarow.web.server import PortInUseError, bind, url_of


def test_bind_picks_a_free_port_and_names_it() -> None:
    with bind("127.0.0.1", 0) as sock:
        port = sock.getsockname()[1]
        assert port > 0
        assert url_of(sock) == f"http://127.0.0.1:{port}/"


def test_the_socket_says_it_is_tcp_so_asyncio_turns_nagle_off() -> None:
    """asyncio sets TCP_NODELAY only on sockets whose protocol is IPPROTO_TCP; without it every
    answer written in two parts waited 40 ms (a delayed acknowledgement)."""
    with bind("127.0.0.1", 0) as sock:
        assert sock.proto == socket.IPPROTO_TCP


def test_a_port_in_use_is_refused_with_a_message() -> None:
    with bind("127.0.0.1", 0) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(PortInUseError, match=f"127.0.0.1:{port}.*--port"):
            bind("127.0.0.1", port)


def test_a_host_that_is_no_address_is_refused() -> None:
    with pytest.raises(PortInUseError, match="--host"):
        bind("no.such.host.invalid", 0)
