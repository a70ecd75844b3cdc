"""Agents that are machines: a CI system's build agent (``build-agent-04``, ``Build agents
with a GPU``, ``the Jenkins agent``, ``die Build-Agenten``, ``les agents de build``,
``агенты сборки``, ``ビルドエージェント``) runs jobs; no one addresses it as the reader of a
memory. :func:`without_machine_agents` names them as runners, so that the statement rules
(:mod:`daemon.gate.statements`) read "agent" alone as the agent or the assistant addressed.

A machine agent is named by the system or the work it belongs to right before it (``build``,
``CI``, ``Jenkins``, ``TeamCity``, ``Azure Pipelines``, ``GitLab``, ``self-hosted`` ...), in
a compound (``Build-Agent``, ``build-agent-04``, ``Buildagent``), by a hostname it carries
(``agent-04``), or after it in languages that put the genitive after the noun (``agents de
build``, ``agentes de compilación``, ``агенты сборки``). "Agents with a GPU" names none of
these, and is still the agent addressed.
"""

from __future__ import annotations

import re

__all__ = ["without_machine_agents"]

_SYSTEMS = (
    r"build|ci|cd|ci/cd|jenkins|teamcity|bamboo|buildkite|gitlab|github|azure(?:\s+pipelines"
    r"|\s+devops)?|pipelines?|self[\s-]hosted|hosted|deploy(?:ment)?|release|octopus|monitoring"
    r"|datadog|zabbix|puppet|chef|salt|backup|bitbucket|drone|concourse|woodpecker|nomad"
    r"|consul|go(?:cd)?|unity|unreal|horde|incredibuild|fastbuild|distcc|compil\w*|сборки"
    r"|збірки|билд|білд"
)
_AGENT = r"(?:agent\w*|agente\w*|агент\w*)"
_MACHINE_AGENT = re.compile(
    # "build agent", "Build-Agenten", "build-agent-04", "Buildagent", "Jenkins agents"
    rf"(?<![^\W\d_])(?:{_SYSTEMS})[\s/-]?{_AGENT}(?:-?\d+)?(?![^\W\d_])"
    # "agents de build", "agentes de compilación", "агенты сборки"
    rf"|(?<![^\W\d_]){_AGENT}\s+(?:(?:de|du|di|do|da)\s+)?(?:{_SYSTEMS})(?![^\W\d_])"
    # "agent-04": a host named after its role
    rf"|(?<![^\W\d_]){_AGENT}-\d+(?![^\W\d_])"
    # Japanese, Chinese, Korean
    r"|(?:ビルド|CI|ジェンキンス|Jenkins)\s*エージェント|(?:构建|構建|编译|編譯|CI|Jenkins)\s*代理"
    r"|(?:빌드|CI|젠킨스|Jenkins)\s*에이전트",
    re.IGNORECASE,
)


def without_machine_agents(text: str) -> str:
    """``text`` with each machine agent it names (see the module) said as ``runner``."""
    return _MACHINE_AGENT.sub("runner", text)
