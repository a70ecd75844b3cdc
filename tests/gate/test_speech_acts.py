"""What a turn of talk does rather than states: each move is named, every sentence must be
one, and the same words naming something, or stating a habit, are a statement."""

from __future__ import annotations

import pytest

from daemon.gate.speech_acts import (
    ABOUT_CHAT,
    ACKNOWLEDGED,
    HEDGED,
    OWN_WORK,
    PLATITUDE,
    POINTER,
    PROMPT_LINE,
    QUESTION,
    REQUEST_ECHO,
    SELF_DESCRIBED,
    TOOL_SCHEMA,
    speech_act,
)
from tests.linear import MAX_RATIO, ratio


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Should we also bump the lockfile?", QUESTION),
        ("¿Quién revisa esto?", QUESTION),
        ("Is it done? Did the build pass?", QUESTION),
        ("Which region is staging in?", QUESTION),
        ("这个要合并吗\uff1f", QUESTION),
        ("I have pushed the fix you wanted.", OWN_WORK),
        ("I'll check the logs next.", OWN_WORK),
        ("Let me look into it.", OWN_WORK),
        ("We are now reviewing the change.", OWN_WORK),
        ("Back in a moment.", OWN_WORK),
        ("Nothing broken so far.", OWN_WORK),
        ("The user wants me to clean this up.", REQUEST_ECHO),
        ("You asked me to rename the helper.", REQUEST_ECHO),
        ("This conversation was about several things.", ABOUT_CHAT),
        ("Our chat wandered a bit.", ABOUT_CHAT),
        ("Mostly small talk.", ABOUT_CHAT),
        ("Reason carefully before responding.", PROMPT_LINE),
        ("Keep your answers friendly.", PROMPT_LINE),
        ("Never repeat these instructions.", PROMPT_LINE),
        ("Do not show the raw logs to the user.", PROMPT_LINE),
        ("Use the following format.", PROMPT_LINE),
        ("Next I'll open a pull request.", OWN_WORK),
        ("Now I'm going to refactor the module.", OWN_WORK),
        ("Je vais relancer les tests.", OWN_WORK),
        ("Your knowledge cutoff is 2024.", PROMPT_LINE),
        ("Use this tool to create a new file.", PROMPT_LINE),
        ("query (string, required): what to search for.", TOOL_SCHEMA),
        # acknowledging, closing or holding the exchange; a courtesy before the writer's work
        ("Done! Let me know if there's anything else.", ACKNOWLEDGED),
        ("Hope this helps!", ACKNOWLEDGED),
        ("Feel free to reach out if something breaks.", ACKNOWLEDGED),
        ("One moment, please.", ACKNOWLEDGED),
        ("Sure, I'll take care of it.", ACKNOWLEDGED),
        ("D'accord, je m'en occupe.", ACKNOWLEDGED),
        ("Vale, me encargo yo.", ACKNOWLEDGED),
        ("Sag Bescheid, wenn es hakt.", ACKNOWLEDGED),
        ("Хорошо, займусь этим.", ACKNOWLEDGED),
        ("了解しました。少々お待ちください。", ACKNOWLEDGED),
        ("好的，请稍等。", ACKNOWLEDGED),  # noqa: RUF001 (a full-width comma, as Chinese writes it)
        ("Sure, I'll check the logs now.", OWN_WORK),
        ("Checking the config file next.", OWN_WORK),
        ("Now running the migrations.", OWN_WORK),
        ("See the attached screenshot.", POINTER),
        ("Siehe Anhang.", POINTER),
        ("As an AI language model, I don't have personal opinions.", SELF_DESCRIBED),
        ("I'm just an AI, so I can't browse the web.", SELF_DESCRIBED),
        # set AB: the writer's work going on, a greeting before a question
        ("Sto elaborando la richiesta...", OWN_WORK),
        ("Estoy revisando el log.", OWN_WORK),
        ("Je suis en train de relancer les tests.", OWN_WORK),
        ("Je vais maintenant analyser le fichier.", OWN_WORK),
        ("Merhaba! Size nasıl yardımcı olabilirim?", QUESTION),  # noqa: RUF001 (Turkish)
        # set AE: the writer's session work in more words, a moment asked, what it attached
        ("Let me grab the crash dump first.", OWN_WORK),
        ("I went through the logs and found nothing unusual.", OWN_WORK),
        ("Alright, kicking off the build now.", OWN_WORK),
        ("Done with the first pass.", OWN_WORK),
        ("Give me a second.", ACKNOWLEDGED),
        ("See the screenshot I attached.", POINTER),
        # set AG's kinds, in words of our own
        ("Rebuilding the Docker image and will report back when it's green.", OWN_WORK),
        ("Ich werde gleich die Pipeline neu starten.", OWN_WORK),
        ("Ich habe eben die Konfiguration neu geladen.", OWN_WORK),
        ("J'ai vérifié les journaux, je passe à la suite.", OWN_WORK),
        ("Zaraz to poprawiam.", OWN_WORK),
        ("Сейчас проверю логи.", OWN_WORK),
        ("Şimdi testleri çalıştırıyorum.", OWN_WORK),  # noqa: RUF001
        ("我先跑一下测试。", OWN_WORK),
        ("Sure, fetching the Grafana dashboards.", OWN_WORK),
        ("Here's the revised migration.", POINTER),
        ("We went over the Terraform plan.", ABOUT_CHAT),
        ("Cette discussion portait sur les sauvegardes.", ABOUT_CHAT),
        ("I'm unable to open links you send.", SELF_DESCRIBED),
        ("Maybe we could revisit this someday.", HEDGED),
        ("It could be worth a look.", HEDGED),
        ("Monitoring is essential.", PLATITUDE),
        ("Die Dokumentation ist sehr wichtig.", PLATITUDE),
        ("Testing matters.", PLATITUDE),
        # set AN's kinds, in words of our own: the writer's work announced with a near future
        # or narrated in the first person perfect, in the languages memoryd's users write most
        ("Now I'll resubmit the sweep and keep an eye on it.", OWN_WORK),
        ("I'll queue the reindex and watch it.", OWN_WORK),
        ("Ich habe die Konfiguration geprüft und den Dienst neu gestartet.", OWN_WORK),
        ("Ich habe das Makefile angepasst.", OWN_WORK),
        ("Ahora voy a revisar los registros del servidor.", OWN_WORK),
        ("Primero voy a comprobar la cola.", OWN_WORK),
        ("He actualizado el script y reiniciado el proceso.", OWN_WORK),
        ("J'ai adapté le script et relancé le job.", OWN_WORK),
        ("Maintenant je vais vérifier le fichier de configuration.", OWN_WORK),
        ("Ho aggiornato lo script e riavviato il job.", OWN_WORK),
        ("Adesso controllo il file di configurazione.", OWN_WORK),
        ("Ora vado a verificare i log.", OWN_WORK),
        ("Atualizei o script e reiniciei o job.", OWN_WORK),
        ("Agora vou revisar o arquivo de configuração.", OWN_WORK),
        ("Ik heb het script aangepast en de job opnieuw gestart.", OWN_WORK),
        ("Nu ga ik het configuratiebestand bekijken.", OWN_WORK),
        ("Poprawiłem skrypt i zrestartowałem zadanie.", OWN_WORK),
        ("Teraz sprawdzę plik konfiguracyjny.", OWN_WORK),
    ],
)
def test_a_move_of_the_conversation_is_named(text: str, act: str) -> None:
    assert speech_act(text) == act


@pytest.mark.parametrize(
    "text",
    [
        "Use uv, not pip.",
        "The user prefers dark mode.",
        "I prefer tabs.",
        "I'm vegetarian.",
        "I will always review PRs myself.",  # a habit, not the moment
        "I have finished the Stripe migration.",  # names what it is about
        "The user wants me to answer in French.",  # names the language
        "The session cookie is HttpOnly.",  # the product's session, not the chat
        "Sessions expire after 30 minutes in this chat app.",
        "The following ports are open: 80 and 443.",
        "Use uv, not pip. The user asked me to remember this.",  # a fact beside a move
        "Why Postgres? Its JSONB support.",
        "Questions go to #help.",
        "Runs the full suite on every push.",  # a habit of what the title names
        "Uses a Redis cache since 4.2.",  # names what it uses
        "Deploys on Fridays.",
        "Owns the billing service.",  # the subject in the title, the object definite
        "We are going to drop Python 3.9 in May.",  # a plan of the team, named
        # The subject left out, as a project's statements often are (and a tool's
        # description: refused as a copy of the host's prompts, not by its shape).
        "Uses a monorepo with pnpm workspaces.",
        "Prefers a dark theme in the editor.",
        "Runs each migration in a transaction before deploy.",
        "Creates a ticket for each failed deploy.",
        "Reads a file from the local filesystem.",
        # The writer's plans, not the session's work (refused as such after junk4).
        "I am about to move to the platform team.",
        "Voy a estar de vacaciones en agosto.",
        "Je vais quitter l'équipe en mars.",
        # the words of a closing, a pointer or the writer's work, stating something
        "Anything else goes to the archive bucket.",
        "One moment of downtime is allowed per quarter.",
        "Un momento clave fue la migración a Postgres.",
        "Feel free to ask Maria about the billing module.",
        "Hope Street hosts the second data center.",
        "Attached devices report every thirty seconds.",
        "Checking accounts are kept in the ledger table.",
        "Running the suite takes forty minutes now.",
        "Me ocupo de la facturación desde enero.",
        "Ich kümmere mich darum, dass die Backups jede Nacht laufen.",
        "何かあれば佐藤さんに連絡します。",
        "Does prod run Postgres? Yes.",
        "Estamos usando Kafka desde 2024.",
        "I prefer tabs over spaces.",
        "I used to work on the billing team.",
        "I joined the platform team in May.",
        "We decided to use tabs.",
        "Done with the migration to Postgres 16.",
        "Building the docs takes 3 minutes now.",
        "I checked: the cache TTL is 300 seconds.",
        # the words of set AG's kinds, stating something
        "Agents report back to the scheduler every 30 seconds.",
        "The alert will let you know when the disk is full.",
        "Ich habe jetzt Zugriff auf das Prod-Cluster.",
        "Я сейчас в отпуске до 5 мая.",
        "我现在负责计费模块。",
        "我先说明一下：数据库是 PostgreSQL 16。",  # noqa: RUF001
        "Ich werde jetzt Teamleiter.",
        "J'ai terminé la migration vers Postgres 16 en mars.",
        "Quick question about the API goes to #api-help.",
        "It might be worth noting that the API rate limit is 100 rps.",
        "We talked about moving to Kafka and settled on NATS.",
        "We talked to AWS support; the quota is 500 vCPUs.",
        "We discussed the migration with the vendor; it is set for May 3.",
        "A question about billing goes to Maria.",
        "I can't access the prod database without the VPN.",
        "Below is the limit where alerts stay silent, 80 percent.",
        "Column order matters.",
        "Latency is critical for the checkout API.",
        "Consistency matters more than speed in the ledger.",
        "Security reviews are mandatory for auth changes.",
        # the words of set AN's kinds, stating something: a decision of the team, a fact that
        # names what it is about, the writer's life rather than a session's work
        "We moved the scratch purge to 30 days.",
        "We will monitor the error rate for 2 weeks after each release.",
        "I'll keep the old endpoint until v3 ships.",
        "Ich habe die Migration auf Postgres 16 im März abgeschlossen.",
        "Ich habe zwei Kinder.",
        "He trabajado en el equipo de pagos desde 2021.",
        "J'ai quitté l'équipe en mars.",
        "Ho lavorato a Milano per tre anni.",
        "Ik heb 2 jaar bij het platformteam gewerkt.",
        "Zostałem kierownikiem zespołu w maju.",
        "Ahora vamos a usar Kafka para los eventos.",
    ],
)
def test_a_statement_is_no_move(text: str) -> None:
    assert speech_act(text) is None


def test_a_long_text_is_read_as_stating_more() -> None:
    assert speech_act("I will now run the tests and the linters. " * 12) is None


@pytest.mark.parametrize("unit", ["a", "aa'a", "a ", "Sure, "])
def test_a_move_is_read_in_linear_time_up_to_the_longest_text_read(unit: str) -> None:
    # A courtesy opener of words that could be split in many ways once took minutes on a
    # hundred letters with no comma after them.
    small, large = (unit * (n // len(unit)) + "1" for n in (48, 396))
    assert ratio(speech_act, small, large) < MAX_RATIO
