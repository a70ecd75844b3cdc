"""Agents that are no reader of a memory. Machines: a CI system's build agent
(``build-agent-04``, ``Build agents with a GPU``, ``the Jenkins agent``, ``die
Build-Agenten``, ``les agents de build``,
``агенты сборки``, ``ビルドエージェント``) runs jobs; no one addresses it as the reader of a
memory. :func:`without_machine_agents` names them as runners, so that the statement rules
(:mod:`daemon.gate.statements`) read "agent" alone as the agent or the assistant addressed.

A machine agent is named by the system or the work it belongs to right before it (``build``,
``CI``, ``Jenkins``, ``TeamCity``, ``Azure Pipelines``, ``GitLab``, ``self-hosted`` ...), in
a compound (``Build-Agent``, ``build-agent-04``, ``Buildagent``), by a hostname it carries
(``agent-04``), or after it in languages that put the genitive after the noun (``agents de
build``, ``agentes de compilación``, ``агенты сборки``). "Agents with a GPU" names none of
these, and is still the agent addressed.

People whose job is called agent (``customer-service agents``, ``support agents``, ``travel
agents``, ``agentes de atención al cliente``) are staff: a fact about what they see or do
is said of them as of any staff, and read by the statement rules as such (a rule laid on
them, "… should always …", is still held by its own words). An agent said to be a machine
of that kind (``AI support agents``, ``virtual agents``) is left as the agent addressed.
:func:`without_other_agents` says both as what they are.
"""

from __future__ import annotations

import re

__all__ = ["without_machine_agents", "without_other_agents"]

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


# The work a person called an agent does: serving customers, selling, booking, a desk.
_JOBS = (
    r"customer[\s-]service|customer[\s-]care|customer|support|service[\s-]desk|help[\s-]?desk"
    r"|call[\s-]cent(?:re|er)|contact[\s-]cent(?:re|er)|sales|travel|ticket(?:ing)?|booking"
    r"|reservations?|insurance|estate|field|station|human|live[\s-]chat|front[\s-]desk"
    r"|border|customs|shipping|freight|leasing|letting|care"
)
_PERSON_AGENT = re.compile(
    rf"(?<![^\W\d_])(?:{_JOBS})\s+agents?(?![^\W\d_])"
    r"|(?<![^\W\d_])agente?s\s+de\s+(?:atenci[oó]n(?:\s+al\s+cliente)?|servicio(?:\s+al\s+cliente)?"
    r"|soporte|ventas|viajes|taquilla"
    r"|reservas|seguros|estaci[oó]n|atendimento|suporte|vendas|viagens|bilheteira|guichet"
    r"|support|vente|voyage|voyages|station)(?![^\W\d_])"
    r"|(?<![^\W\d_])agents\s+du\s+service\s+client(?![^\W\d_])"
    r"|(?<![^\W\d_])agenti\s+(?:del\s+servizio\s+clienti|di\s+(?:vendita|viaggio|supporto"
    r"|stazione))(?![^\W\d_])",
    re.IGNORECASE,
)
# What says a job's agent is a machine all the same: "AI support agents", "virtual agents".
_MACHINE_BEFORE = re.compile(
    r"(?<![^\W\d_])(?:ai|a\.i\.|llm|gpt|virtual|automated|autonomous|bot|chatbot|digital"
    r"|ia|ki|ии)[\s-]+\Z",
    re.IGNORECASE,
)


def without_other_agents(text: str) -> str:
    """``text`` with each machine agent said as ``runner`` (:func:`without_machine_agents`)
    and each person whose job is called agent said as ``staff`` (see the module)."""
    text = without_machine_agents(text)
    if "agent" not in text.casefold():
        return text

    def said(m: re.Match[str]) -> str:
        machine = _MACHINE_BEFORE.search(text, max(0, m.start() - 16), m.start())
        return m.group() if machine else "staff"

    return _PERSON_AGENT.sub(said, text)
