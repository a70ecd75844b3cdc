"""The gate on set Z (:mod:`tests.gate.set_z`): what a writer saves when it has nothing worth
keeping is refused by what it lacks, and its short look-alikes are kept and shared at once.
What is still missed is listed with its reason (strict: a rule that mends one says so)."""

from __future__ import annotations

import pytest

from daemon.gate.refusal import Refused
from tests.gate.saving import saved, shared
from tests.gate.set_z import Z_JUNK, Z_KEPT

# What the gate still keeps of the junk, with its reason.
Z_KNOWN_MISSES: dict[str, str] = {
    **dict.fromkeys(
        (
            "User and assistant talked through the deploy plan.",
            "In this turn the user shared a screenshot.",
            "Conversation about refactoring the parser.",
            "Nothing to save from this turn.",
            "N/A - conversation was small talk",
            "There is nothing worth remembering here.",
            "No relevant information found.",
            "User asks how to configure the linter.",
            "The user wants to know why the build is slow.",
            "Question about whether we should use Kafka.",
            "How can I speed up the test suite",
            "Wondering if the cron job ran.",
            "Going to rerun the pipeline.",
            "Plan: inspect the config, then patch the handler.",
            "Next step: ask the user for the stack trace.",
            "Let me search the codebase for usages.",
            "Tests are running now.",
            "Build in progress, ETA 5 minutes.",
            "Waiting on CI.",
            "The migration is currently running.",
            "Uploading artifacts (45%).",
            "\tfrom /usr/lib/ruby/3.2.0/net/http.rb:1603:in `connect'",
            "README.md  setup.py  src/  tests/",
            "drwxr-xr-x  5 dev dev 4096 Nov 28 10:00 .",
            "├── src\n│   └── main.py\n└── tests",
            "yesterday at 5pm",
            "Guten Morgen zusammen!",
            "Bom dia!",
            "Category: general",
            "I'm sorry, I can't help with that.",
            "I don't have access to your files.",
            "Lo siento, no puedo ayudar con eso.",
            "Entschuldigung, dabei kann ich nicht helfen.",
            "申し訳ありませんが、お手伝いできません。",
            "The deploy uses",
            "Our staging cluster runs on",
            "Make sure to always",
            "Der Build läuft auf",
            "Keine neuen Erinnerungen.",
            "Ich prüfe als Nächstes die Logs.",
            "Die Tests laufen gerade.",
            "L'utilisateur a posé une question sur le déploiement.",
            "Rien à retenir.",
            "Le build est en cours.",
            "Nada que guardar.",
            "Luego miro el error.",
            "Las pruebas se están ejecutando.",
            "ユーザーはビルドについて質問した。",
            "保存する記憶はありません。",
            "次にログを確認します。",
            "テスト実行中です。",
            "用户询问了部署的问题。",
            "没有需要保存的内容。",
            "我接下来会检查日志。",
            "正在运行测试。",
            "O usuário perguntou sobre o build.",
            "Nada para salvar.",
            "Os testes estão rodando.",
            "Нечего сохранять.",
            "Сейчас проверю логи.",
            "Тесты выполняются.",
        ),
        "kept at the first measurement, before the gate was read for it",
    ),
}

# Look-alikes the gate still refuses or holds, with its reason.
Z_KEPT_MISSES: dict[str, str] = {
    **dict.fromkeys(
        (
            "Use uv, not pip.",
            "ユーザーはタブを好む。",
            "用户喜欢用 Vim。",
        ),
        "refused or held at the first measurement, before the gate was read for it",
    ),
}


def _case(text: str, misses: dict[str, str]) -> object:
    reason = misses.get(text)
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(text, marks=marks, id=repr(text)[:40])


@pytest.mark.parametrize("text", [_case(t, Z_KNOWN_MISSES) for t, _ in Z_JUNK])
def test_set_z_junk_is_refused(text: str) -> None:
    assert isinstance(saved(text), Refused), text


@pytest.mark.parametrize("text", [_case(t, Z_KEPT_MISSES) for t in Z_KEPT])
def test_set_z_short_memories_are_kept_and_shared(text: str) -> None:
    assert shared(saved(text)), text
