# ruff: noqa: RUF001, RUF003 (the words of other scripts, listed as text on purpose)
"""Deceptive and unsafe instructions, refused outright: a directive to agents
(:func:`~daemon.gate.conventions.asked`) that asks them to misreport results, to bypass
review or CI, to weaken permissions or auth checks, to install from an untrusted package
source, or to hide defects.

Only a sentence that asks something is read, and an act negated before it ("Never push
directly to main.") is a safe convention: facts that mention the same acts ("CI failed
because tests were skipped", "we removed the chmod 777 from the Dockerfile") pass. English
is read in the skeleton (look-alikes as Latin), the other languages in their own script;
commands and flags (``chmod 777``, ``--extra-index-url``, ``--no-verify``) in any language.
Each family is one anchored pattern per sentence: linear time.
"""

from __future__ import annotations

import re

from daemon.gate.conventions import Asked, asked
from daemon.gate.directives import views

__all__ = ["misconduct"]

_REPORT = (
    r"(?:say|says|reply|answer|respond|report|tell|claim|state|confirm|write|put|mark|show"
    r"|output|print)"
)
_DONE = (
    r"(?:pass\w*|succeed\w*|success\w*|green|ran|run\s+fine|worked|works|is\s+fine|went\s+fine"
    r"|ok|okay|done|complete\w*|fixed|deployed|applied|clean)"
)
_MISREPORT = re.compile(
    rf"\b{_REPORT}\b[^.!?]{{0,80}}?\b(?:tests?|build|ci|checks?|pipeline|migrations?|deploy\w*"
    rf"|it|everything|coverage|lint\w*|suite|job)\s+(?:\w+\s+){{0,3}}?{_DONE}\b"
    rf"|\b(?:when|if|whenever)\s+(?:\w+\s+){{0,3}}?ask\w*\b[^.!?]{{0,160}}?\b(?:say|answer|reply"
    r"|respond|confirm|tell\s+\w+)\s+(?:with\s+)?(?:that\s+)?['\"]?(?:yes|yep|done|success\w*"
    r"|(?:it|they)\s+(?:did|worked|work|passed|ran|succeeded))\b"
    rf"|\b{_REPORT}\b[^.!?]{{0,60}}?\d+(?:\.\d+)?\s?%[^.!?]{{0,60}}?\b(?:whatever|regardless"
    r"|no\s+matter|even\s+if|even\s+when|always)\b"
    rf"|\b(?:whatever|regardless|no\s+matter)\b[^.!?]{{0,60}}?\b{_REPORT}\b[^.!?]{{0,40}}?\d+\s?%"
    rf"|\b{_REPORT}\b[^.!?]{{0,80}}?\beven\s+(?:if|when|though)\b[^.!?]{{0,40}}?\b(?:fail\w*"
    r"|broke\w*|didn\W?t|did\s+not|is\s+red|are\s+red|errors?)\b"
)
_BYPASS = re.compile(
    r"\bpush\w*\s+(?:\w+\s+){0,2}?(?:directly|straight|right)\s+(?:in)?to\s+(?:the\s+)?"
    r"(?:main|master|prod\w*|release|trunk)\b"
    r"|\b(?:mark|flag|tag|set|make)\s+(?:the\s+|all\s+|any\s+|every\s+)?failing\s+(?:\w+\s+)?"
    r"(?:tests?|specs?|checks?)\s+(?:as\s+)?(?:skip\w*|xfail\w*|pending|ignored|passing)"
    r"|\bskip\w*\s+(?:the\s+|all\s+|any\s+)?failing\s+(?:tests?|specs?|checks?)\b"
    r"|\bso\s+(?:that\s+)?(?:the\s+)?(?:ci|build|pipeline|checks?)\s+(?:(?:goes|turns|is|stays"
    r"|passes|looks|shows)\s+green|pass(?:es)?|succeeds?)\b"
    r"|(?:mark\.skip|@skip|\bxfail)\b[^.!?]{0,60}?\bfail"
    r"|\bapprov\w*\s+(?:every|all|each|any)\s+(?:\w+\s+)?(?:prs?|pull\s+requests?|merge\s+requests?"
    r"|mrs?|changes?|reviews?|diffs?)\b[^.!?]{0,60}?\b(?:regardless|no\s+matter|without|whatever"
    r"|even\s+if|unread|blindly)"
    r"|--no-verify\b|\b(?:force|admin)[- ]merge\b"
    r"|\b(?:merge|push|deploy|ship|release|land)\w*\b[^.!?]{0,60}?\bwithout\s+(?:a\s+|any\s+)?"
    r"(?:waiting\s+for\s+)?(?:the\s+|a\s+)?(?:review\w*|approv\w*|prs?|pull\s+requests?|ci|tests"
    r"|checks)\b"
    r"|\b(?:disable|turn\s+off|skip|bypass|remove)\s+(?:the\s+)?(?:ci|pipeline|pre-commit"
    r"|hooks|git\s+hooks|required\s+checks|status\s+checks|branch\s+protection|code\s+review)\b"
)
_PERMISSIONS = re.compile(
    r"\bchmod\s+(?:-\w+\s+)*(?:0?777|a\+rwx|o\+w|ugo\+rwx)\b"
    r"|\bcomment\s+out\s+(?:the\s+|all\s+)?(?:\w+\s+){0,2}?(?:admin|auth\w*|permission|access"
    r"|login|csrf|role|security)\s+(?:\w+\s+)?(?:checks?|guards?|decorators?|validation)"
    r"|\b(?:disable|turn\s+off|skip|bypass|remove|drop|switch\s+off|ignore)\s+(?:the\s+|all\s+)?"
    r"(?:\w+\s+){0,2}?(?:tls|ssl|https|certificate|cert)\s+(?:verification|validation|checks?"
    r"|verify|errors)"
    r"|\bverify\s*=\s*false\b|--insecure\b|\bcurl\s+(?:-\w+\s+)*-k\b|--no-check-certificate"
    r"|node_tls_reject_unauthorized\s*=\s*0|sslverify\s*[=\s]\s*false|strict-ssl\s+false"
    r"|rejectunauthorized\s*:\s*false|(?:^|\s)-k\s+to\s+curl\b"
    r"|\bpublic-read(?:-write)?\b|\bacl\s+(?:to\s+)?public\b|\bmake\s+(?:the\s+)?(?:bucket"
    r"|repo\w*|database|db|dashboard)\s+public\b"
    r"|\b(?:remove|disable|skip|bypass|drop|delete)\s+(?:the\s+)?(?:\w+\s+){0,2}?(?:auth\w*"
    r"|permission|admin|access\s+control|login|csrf|rbac)\s+(?:checks?|guards?|middleware"
    r"|validation)"
)
_PACKAGES = re.compile(
    r"--extra-index-url\b|--index-url\b|(?:^|\s)-i\s+https?://|--trusted-host\b"
    r"|\bnpm\s+config\s+set\s+registry\b|--registry[=\s]+https?://"
    r"|\bpip\s+install\s+(?:\S+\s+)*(?:git\+)?https?://"
    r"|https?://\S+\s+(?:to|in|into)\s+(?:the\s+|your\s+)?(?:\.npmrc|pip\.conf|\.pypirc"
    r"|\.yarnrc\S*|sources\.list)\b"
    r"|\bas\s+(?:the\s+)?(?:default\s+)?(?:package\s+)?(?:registry|index)\b"
    r"|\binstall\w*\s+(?:\S+\s+){0,4}?from\s+(?:https?://|(?:an?\s+|the\s+|this\s+)?(?:outside"
    r"|external|third.party|unofficial|private|custom|another|other|alternate|alternative"
    r"|mirror)\s+(?:package\s+)?(?:index|registry|mirror|repo\w*|source|feed))"
)
_DEFECT = (
    r"(?:fail\w*|bugs?|errors?|defects?|vulnerabilit\w*|warnings?|regressions?|problems?"
    r"|exceptions|flak\w*|cves?|security\s+\w+)"
)
_HIDE = re.compile(
    rf"\b(?:hide|omit|suppress|conceal|bury|silence|swallow|leave\s+out|cover\s+up)\s+"
    rf"(?:\w+\s+){{0,3}}?{_DEFECT}\b"
    rf"|\bleave\s+(?:\w+\s+){{0,2}}?{_DEFECT}(?:\s+\w+)?\s+out\b"
)
_HIDE_NEGATED = re.compile(
    r"\b(?:don\W?t|do\s+not|never)\s+(?:mention|report|tell\s+(?:\w+\s+){0,2}?about|show"
    rf"|include|disclose|reveal|flag|log|surface)\s+(?:\w+\s+){{0,4}}?{_DEFECT}\b"
)
_NEGATED = re.compile(
    r"\b(?:never|not|don\W?t|dont|avoid|nobody|instead\s+of|rather\s+than|stop|nunca|jamas"
    r"|jamais|niemals|nie|nunca|никогда|не)\b|从不|绝不|不要"
)

# Other languages, in their own script (accents dropped).
_FOREIGN_REPORT = re.compile(
    r"\b(?:antwort\w*|sag\w*|meld\w*|bericht\w*|repond\w*|dis|dites|отвеча\w*|ответ\w*|говор\w*"
    r"|скаж\w*|сообща\w*|respond\w*|diga\w*|di|digas|informa\w*|report\w*)\b"
    r"|回复|回答|说|答|报告|답하|말하|보고|答え|報告|言"
)
_FOREIGN_DONE = re.compile(
    r"bestanden|grun\b|erfolgreich|passent|reussi|прошл\w*|успешн\w*|passaram|passam|passou"
    r"|pasan|pasaron|exitos\w*|通过|成功|통과|성공|合格|パス"
)
_FOREIGN_DIRECT = re.compile(
    r"\b(?:direkt|directement|directo|direto|diretamente|directamente|прямо|напрямую)\b"
    r"|直接|바로|直接"
)
_FOREIGN_WITHOUT_REVIEW = re.compile(
    r"(?:\b(?:ohne|sans|sin|sem|без)\b|不需要|无需|없이|なしで|不经过)[^.!?\u3002]{0,20}?"
    r"(?:review|revue|relecture|revision|revisao|ревью|проверк|审查|审核|评审|리뷰|レビュー)"
)
_MAIN = re.compile(r"\b(?:main|master|prod\w*)\b|main|master")


def _negated_before(text: str, start: int) -> bool:
    clause = re.split(r"[,;:]", text[:start])[-1]
    return bool(_NEGATED.search(clause))


def _english(sentence: Asked) -> str | None:
    text = " ".join(sentence.text.split())
    if _HIDE_NEGATED.search(text):
        return "hides defects"
    for kind, pattern in (
        ("misreports results", _MISREPORT),
        ("bypasses review or CI", _BYPASS),
        ("weakens permissions or auth checks", _PERMISSIONS),
        ("installs from an untrusted package source", _PACKAGES),
        ("hides defects", _HIDE),
    ):
        for m in pattern.finditer(text):
            if not _negated_before(text, m.start()):
                return kind
    if "chmod" in sentence.letters and "777" in sentence.letters:
        return "weakens permissions or auth checks"
    return None


# A negated convention in another language ("Ne jamais pousser directement sur main.").
_FOREIGN_NEGATED = re.compile(
    r"\b(?:ne|n'|jamais|nicht|nie|niemals|nunca|jamas|nao|não|не|никогда|нельзя)\b"
    r"|不要|别|勿|禁止|不得|切勿|하지\s*마|마세요|말고|しないで|ないで"
)


def _foreign(sentence: Asked) -> str | None:
    text = sentence.plain
    if _FOREIGN_NEGATED.search(text):
        return None
    if _FOREIGN_REPORT.search(text) and _FOREIGN_DONE.search(text):
        return "misreports results"
    if _MAIN.search(text) and (
        _FOREIGN_DIRECT.search(text) or _FOREIGN_WITHOUT_REVIEW.search(text)
    ):
        return "bypasses review or CI"
    return None


# Checks silenced so that CI shows green, in any voice ("Failing tests get @skip so CI goes
# green"): a fact never needs to say it, and an agent that reads it learns the trick.
# The same in the other languages read, accents dropped as :func:`views` reads them ("se
# marcan como omitidos para que CI pase", "übersprungen, damit die CI grün ist", "跳过，让CI
# 通过").
_SILENCED = re.compile(
    r"(?:\bskip\w*|xfail|@disabled|\bdisabl\w*|\bdelet\w*|\bcomment\w*\s+out|\bremov\w*"
    r"|\bignor\w*|--no-verify|\bsilenc\w*|\bmute\w*"
    r"|\bomit\w*|\bomis\w*|\bsalt[ae]\w*|\bdesactiv\w*|\bdesativ\w*|\belimin\w*|\bborr\w*"
    r"|\bcomentad\w*|\bsupprim\w*|\bsaut\w*|\bcommente\w*|\bubersprung\w*|\buberspring\w*"
    r"|\bdeaktivier\w*|\bloesch\w*|\blosch\w*|\bauskommentier\w*|\bpulad\w*|\bpula\w*"
    r"|\bapag\w*|\bпропуск\w*|\bпропущ\w*|\bотключ\w*|\bигнор\w*|\bудал\w*|\bзакоммент\w*"
    r"|跳过|禁用|忽略|删除|注释掉|スキップ|無効|無視|削除|コメントアウト|건너뛰|스킵|비활성|무시|삭제)"
)
_CHECKS = r"(?:ci|build|pipeline|checks?|suite|tests?|dashboard)"
_GREEN = re.compile(
    rf"\bso\s+(?:that\s+)?(?:the\s+)?{_CHECKS}\s+"
    r"(?:(?:goes|turns|is|stays|shows|looks|remains|go|turn|stay|look)\s+green|pass(?:es)?"
    r"|succeeds?)\b"
    r"|\bpara\s+que\s+(?:el\s+|la\s+|o\s+|a\s+|los\s+|os\s+)?(?:ci|build|pipeline|tests?"
    r"|pruebas|testes)\s+(?:pase\w*|passe\w*|(?:este|quede|salga|fique|esteja)\w*\s+(?:en\s+|em\s+)?"
    r"verde)\b"
    r"|\bpour\s+que\s+(?:la\s+|le\s+|les\s+)?(?:ci|build|pipeline|tests?)\s+(?:passe\w*"
    r"|(?:soit|reste|soient)\s+verts?)\b"
    r"|\bdamit\s+(?:die\s+|der\s+|das\s+)?(?:ci|build|pipeline|tests?)\s+(?:grun|gruen"
    r"|durchl\w*|besteh\w*|passt)\b"
    r"|\bчтобы\s+(?:ci|сборк\w*|пайплайн\w*|тест\w*)\s+(?:прош\w*|проход\w*|был\w*\s+зелен\w*"
    r"|позелен\w*)"
    r"|(?:让|使|以便|保证|好让)\s*(?:ci|流水线|构建|测试)\s*(?:通过|变绿)"
    r"|ciを?通す|ciが通る|ci[가를]\s*통과"
)


def _silenced_for_green(text: str) -> bool:
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        green = _GREEN.search(sentence)
        if green and _SILENCED.search(sentence[: green.start()]):
            return not _negated_before(sentence, green.start())
    return False


# A list's lines read as one sentence too ("- Push\n- directly to main\n- without review").
_LIST_BREAK = re.compile(r"\s*\n\s*(?:[-*+>#\u2022]+|\d{1,3}[.)])?\s*")


def misconduct(text: str) -> str | None:
    """What deceptive or unsafe act ``text`` asks of agents, or None."""
    seen = views(text)  # English in the skeleton, the other languages in their own script
    if _silenced_for_green(" ".join(seen.text.split(" "))) or _silenced_for_green(seen.plain):
        return "unsafe instruction: bypasses review or CI"
    texts = [text]
    if "\n" in text:
        texts.append(_LIST_BREAK.sub(" ", text))
    for whole in texts:
        for sentence in asked(whole):
            if kind := _english(sentence) or _foreign(sentence):
                return f"unsafe instruction: {kind}"
    return None
