"""Player-facing words of the conventions editor, in English, Russian, Ukrainian and Polish.

Pure data (stdlib only, no DOM): the editor's groups, a short label and a
one-line explanation per convention, names of the presets (the regional rule
sets among them) and of the choice values. ``docs/CONVENTIONS.md`` is the reference
for every id; the texts here say the same in the players' own words, never in engine notation.
The values of every preset live in one place, ``thousand.conventions.Conventions.PRESETS``.

Ids in ``PLANNED`` (and the values in ``PLANNED_VALUES``) would be conventions
specified in ``docs/CONVENTIONS.md`` but not yet fields of
``thousand.conventions.Conventions``; the editor shows them only once the
engine has them. Both are empty now.

>>> TEXT["uk"]["barrel"][0]
'Бочка'
"""

from __future__ import annotations

LANGS: tuple[str, ...] = ("en", "ru", "uk", "pl")

Value = bool | int | str | None
"""A convention value as the engine stores it."""

# -- groups: the order in which players think about the rules ---------------

GROUPS: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "deal",
        {
            "en": "Deal and redeal",
            "ru": "Сдача и пересдача",
            "uk": "Роздача й перездача",
            "pl": "Rozdanie i nowe rozdanie",
        },
    ),
    (
        "bidding",
        {"en": "Bidding", "ru": "Торговля", "uk": "Торгівля", "pl": "Licytacja"},
    ),
    (
        "talon",
        {
            "en": "Talon and passing cards",
            "ru": "Прикуп и снос",
            "uk": "Прикуп і віддані карти",
            "pl": "Musik i oddawanie kart",
        },
    ),
    (
        "play",
        {
            "en": "Play and marriages",
            "ru": "Розыгрыш и марьяжи",
            "uk": "Розіграш і марʼяжі",
            "pl": "Rozgrywka i meldunki",
        },
    ),
    (
        "scoring",
        {
            "en": "Scoring and concession",
            "ru": "Подсчёт и роспись",
            "uk": "Підрахунок і розпис",
            "pl": "Punktacja, poddanie i bomba",
        },
    ),
    ("bolts", {"en": "Bolts", "ru": "Болты", "uk": "Болти", "pl": "Bolty"}),
    ("barrel", {"en": "Barrel", "ru": "Бочка", "uk": "Бочка", "pl": "Beczka"}),
    (
        "special",
        {
            "en": "Golden round and dark game",
            "ru": "Золотой кон и игра втёмную",
            "uk": "Золотий кін і гра втемну",
            "pl": "Złota runda i gra w ciemno",
        },
    ),
    (
        "table",
        {
            "en": "Table and end of game",
            "ru": "Стол и конец игры",
            "uk": "Стіл і кінець гри",
            "pl": "Stół i koniec gry",
        },
    ),
)

PLANNED: frozenset[str] = frozenset()
"""Conventions specified in docs/CONVENTIONS.md, not yet in the engine (none now)."""

PLANNED_VALUES: dict[str, tuple[Value, ...]] = {}
"""New values of existing conventions, not yet in the engine (none now)."""

CONVENTION_GROUP: dict[str, str] = {
    # deal and redeal
    "cut_ritual": "deal",
    "redeal_same_dealer": "deal",
    "redeal_hand_below": "deal",
    "redeal_four_nines": "deal",
    "redeal_first_hand_three_nines": "deal",
    "redeal_four_jacks": "deal",
    "redeal_talon_below": "deal",
    "redeal_two_nines_in_talon": "deal",
    "redeal_four_nines_after_discard": "deal",
    "redeal_only_on_100": "deal",
    # bidding
    "min_raise": "bidding",
    "bid_step": "bidding",
    "no_jumps": "bidding",
    "bid_cap": "bidding",
    "bid_over_120_without_marriage": "bidding",
    "silence_below": "bidding",
    # talon and passing cards
    "hide_talon_on_100": "talon",
    "open_discard": "talon",
    # play and marriages
    "declare_on_first_lead": "play",
    "ace_marriage": "play",
    "must_beat": "play",
    "no_lead_foreign_trump": "play",
    "must_lead_trump": "play",
    # scoring and concession
    "round_to": "scoring",
    "round_declarer": "scoring",
    "four_nines_bonus": "scoring",
    "write_off": "scoring",
    "write_off_60": "scoring",
    "write_off_free": "scoring",
    "write_off_limit": "scoring",
    "write_off_third_penalty": "scoring",
    "write_off_on_barrel": "scoring",
    "write_off_on_golden": "scoring",
    "bombs": "scoring",
    "bomb_points": "scoring",
    # bolts
    "bolts": "bolts",
    "bolt_counts_zero_points": "bolts",
    "no_bolt_on_own_game": "bolts",
    "bolts_on_barrel": "bolts",
    # barrel
    "barrel": "barrel",
    "barrel_mode": "barrel",
    "barrel_at": "barrel",
    "barrel_attempts": "barrel",
    "over_1000": "barrel",
    "barrel_bidding": "barrel",
    "barrel_knock_off": "barrel",
    "one_on_barrel": "barrel",
    "three_barrels_zero": "barrel",
    "barrel_freezes_defenders": "barrel",
    # golden round and dark game
    "golden_round": "special",
    "golden_reset": "special",
    "golden_raise": "special",
    "golden_double_bolts": "special",
    "dark_game": "special",
    "dark_hide_talon": "special",
    "dark_not_on_barrel": "special",
    "dark_write_off": "special",
    "dark_unblind": "special",
    "dark_unblind_takes_talon": "special",
    "dark_cap_240": "special",
    "dark_double_bolts": "special",
    "dark_min_total": "special",
    # table and end of game
    "players": "table",
    "target": "table",
    "penalty": "table",
    "samosval": "table",
    "negative_samosval": "table",
}

# -- labels and one-line explanations ----------------------------------------

_EN: dict[str, tuple[str, str]] = {
    "cut_ritual": (
        "Cut with nines",
        "The player on the dealer's right cuts; a nine at the bottom means a re-cut, "
        "the third nine costs the cutter a penalty.",
    ),
    "redeal_same_dealer": (
        "Same dealer redeals",
        "After a redeal the same player deals again; off: the deal passes to the left.",
    ),
    "redeal_hand_below": (
        "Redeal: weak hand",
        "A hand worth fewer card points than this (usually 14) may ask for a redeal "
        "before the bidding.",
    ),
    "redeal_four_nines": (
        "Redeal: four nines",
        "Four nines in hand (three for first hand) allow a redeal before the bidding.",
    ),
    "redeal_first_hand_three_nines": (
        "Three nines for first hand",
        "With the four-nines redeal, first hand may already ask with three nines.",
    ),
    "redeal_four_jacks": (
        "Redeal: four jacks",
        "Four jacks in hand allow a redeal before the bidding.",
    ),
    "redeal_talon_below": (
        "Redeal: poor talon",
        "The declarer may ask for a redeal when the talon is worth fewer points than "
        "this (usually 5).",
    ),
    "redeal_two_nines_in_talon": (
        "Redeal: two nines in talon",
        "The declarer may ask for a redeal when the talon holds two nines.",
    ),
    "redeal_four_nines_after_discard": (
        "Redeal: four nines later",
        "Four nines after taking the talon or receiving a card also allow a redeal.",
    ),
    "redeal_only_on_100": (
        "Talon redeal only on 100",
        "The talon-based redeals count only when the talon was taken on the hundred.",
    ),
    "min_raise": (
        "Smallest raise",
        "Each bid must be at least this much above the one before.",
    ),
    "bid_step": (
        "Bids in steps of",
        "All bids and contracts are multiples of this: 5, or 10 as in Polish Tysiąc.",
    ),
    "no_jumps": (
        "No jumps",
        "A raise must be exactly the smallest step, never more.",
    ),
    "bid_cap": ("Highest bid", "No bid or contract above this (usually 300)."),
    "bid_over_120_without_marriage": (
        "Over 120 without marriage",
        "Bids above 120 are allowed without a marriage in hand.",
    ),
    "silence_below": (
        "Silence below",
        "A player whose total is below this value must always pass.",
    ),
    "hide_talon_on_100": (
        "Hidden talon on 100",
        "A talon taken on the hundred, with nobody bidding, is not shown to the others.",
    ),
    "open_discard": (
        "Open passing",
        "The two cards the declarer passes are shown to everybody, not only to the receiver.",
    ),
    "declare_on_first_lead": (
        "Marriage on the first lead",
        "A marriage may be declared before its holder has won a trick.",
    ),
    "ace_marriage": (
        "Ace marriage",
        "All four aces, declared by leading one, score 200; trump stays as it is.",
    ),
    "must_beat": (
        "Must beat",
        "A player who can win the trick must: a higher card of the suit led, or a higher trump.",
    ),
    "no_lead_foreign_trump": (
        "No leading another's trump",
        "You may not lead a trump someone else declared while you hold other suits.",
    ),
    "must_lead_trump": (
        "Must lead trump",
        "On lead you must play a trump if you hold one.",
    ),
    "round_to": (
        "Round to",
        "Defenders' points are rounded to 5, or to 10 as in Poland: 17 is 15 or 20.",
    ),
    "round_declarer": (
        "Round the declarer too",
        "The declarer's points are rounded before comparing with the contract: 118 makes 120.",
    ),
    "four_nines_bonus": (
        "Four nines bonus",
        "Four nines in hand after the cards are passed score 120 at the end of the deal.",
    ),
    "write_off": (
        "Concession",
        "The declarer may concede instead of playing: loses the contract, "
        "each opponent gets half of it.",
    ),
    "write_off_60": (
        "Concede 60 each",
        "A concession gives each opponent 60 instead of half the contract.",
    ),
    "write_off_free": (
        "Free concession",
        "A concession costs the declarer nothing; the opponents still get their share.",
    ),
    "write_off_limit": (
        "Concessions per game",
        "How many times each player may concede in a game (empty: no limit).",
    ),
    "write_off_third_penalty": (
        "Third concession fined",
        "Every third concession of a player costs a penalty as well.",
    ),
    "write_off_on_barrel": (
        "Concede on the barrel",
        "Concession stays allowed while someone sits on the barrel (only with free concession).",
    ),
    "write_off_on_golden": (
        "Concede in golden round",
        "Concession is allowed in the golden round (only with free concession).",
    ),
    "bombs": (
        "Bombs per game",
        "How often each player may throw a bomb: the deal is not played, "
        "the opponents score a fixed amount.",
    ),
    "bomb_points": (
        "Bomb gives",
        "What each opponent scores when a bomb is thrown (usually 60).",
    ),
    "bolts": (
        "Bolts",
        "Three deals without a trick cost a penalty: counted over the game, only in a row, "
        "or not at all.",
    ),
    "bolt_counts_zero_points": (
        "Bolt for zero points",
        "A bolt is a deal with zero points, not a deal without a trick.",
    ),
    "no_bolt_on_own_game": (
        "No bolt in own game",
        "The declarer never gets a bolt in their own deal, and it does not break a run.",
    ),
    "bolts_on_barrel": (
        "Bolts on the barrel",
        "Bolts are counted for a player sitting on the barrel too.",
    ),
    "barrel": (
        "Barrel",
        "From the barrel on, a player gains only by their own contract and must "
        "finish the game with it.",
    ),
    "barrel_mode": (
        "Kind of barrel",
        "Russian: total stops, finish with one contract; Polish: above the mark "
        "only your own contracts count.",
    ),
    "barrel_at": (
        "Barrel at",
        "The total that puts a player on the barrel: 880 or 900 (800 in the Polish game).",
    ),
    "barrel_attempts": (
        "Deals on the barrel",
        "How many deals a player may sit on the barrel before falling off with a penalty.",
    ),
    "over_1000": (
        "Over 1000",
        "The barrel player must pass 1000, not just reach it: a contract of 125 from 880.",
    ),
    "barrel_bidding": (
        "Barrel bidding",
        "How the barrel player gets the talon: normal bidding, the talon without bidding, "
        "or bidding from 120.",
    ),
    "barrel_knock_off": (
        "Knock off the barrel",
        "A player climbing onto the barrel knocks the one sitting there off, with a penalty.",
    ),
    "one_on_barrel": (
        "Arriving together",
        "Players reaching the barrel in the same deal all fall off, with a penalty.",
    ),
    "three_barrels_zero": (
        "Three barrels to zero",
        "The third failed barrel sets the player's total to 0.",
    ),
    "barrel_freezes_defenders": (
        "Others stand still",
        "While the barrel player plays their contract, the others score no points and no bolts.",
    ),
    "golden_round": (
        "Golden round",
        "The game opens with one deal per player at a forced 120; everything in it counts double.",
    ),
    "golden_reset": (
        "Golden round again",
        "If nobody makes 120 in the golden round, totals go back to 0 and it is played again.",
    ),
    "golden_raise": (
        "Raise in golden round",
        "The golden declarer may raise the contract above 120.",
    ),
    "golden_double_bolts": (
        "Double bolts, golden",
        "A bolt in a golden deal counts as two.",
    ),
    "dark_game": (
        "Dark game",
        "First hand may play 120 without looking at the cards; the result counts double.",
    ),
    "dark_hide_talon": (
        "Dark: hidden talon",
        "In a dark game the talon and the passed cards stay face down.",
    ),
    "dark_not_on_barrel": (
        "No dark on the barrel",
        "No dark game while anybody sits on the barrel.",
    ),
    "dark_write_off": (
        "Dark concession",
        "A dark game may be conceded (it costs double).",
    ),
    "dark_unblind": (
        "Unblinding",
        "An opponent holding a marriage may cancel the dark game by bidding 125.",
    ),
    "dark_unblind_takes_talon": (
        "Unblinder plays",
        "Whoever cancels the dark game plays 125 at once, without more bidding.",
    ),
    "dark_cap_240": ("Dark: at most 240", "A dark game made never scores more than 240."),
    "dark_double_bolts": ("Double bolts, dark", "A bolt in a dark deal counts as two."),
    "dark_min_total": (
        "Dark from total",
        "Only a player with at least this total may play dark (empty: anyone).",
    ),
    "players": (
        "Players",
        "2, 3 or 4 at the table; with 4 the dealer sits out each deal and scores the talon.",
    ),
    "target": ("Game to", "The total that wins the game, usually 1000."),
    "penalty": (
        "Penalty",
        "The usual fine: third bolt, falling off the barrel, the bad cut; usually 120.",
    ),
    "samosval": ("Samosval 555", "A total of exactly 555 after a deal drops to 0."),
    "negative_samosval": (
        "Samosval −555",
        "A total of exactly −555 after a deal drops to 0 as well.",
    ),
}

_RU: dict[str, tuple[str, str]] = {
    "cut_ritual": (
        "Сдвиг с девятками",
        "Сдвигает сидящий справа от сдающего; девятка снизу — пересдвиг, "
        "за третью девятку сдвигавшему штраф.",
    ),
    "redeal_same_dealer": (
        "Пересдаёт тот же",
        "После пересдачи сдаёт тот же игрок; если выключено, сдача переходит дальше.",
    ),
    "redeal_hand_below": (
        "Пересдача: мало очков",
        "Если на руке меньше очков, чем указано (обычно 14), до торговли можно просить пересдачу.",
    ),
    "redeal_four_nines": (
        "Пересдача: четыре девятки",
        "Четыре девятки на руке (на сотне — три) дают право на пересдачу до торговли.",
    ),
    "redeal_first_hand_three_nines": (
        "Три девятки на сотне",
        "Первой руке для пересдачи хватает трёх девяток.",
    ),
    "redeal_four_jacks": (
        "Пересдача: четыре валета",
        "Четыре валета на руке дают право на пересдачу до торговли.",
    ),
    "redeal_talon_below": (
        "Пересдача: пустой прикуп",
        "Играющий может пересдать, если в прикупе меньше очков, чем указано (обычно 5).",
    ),
    "redeal_two_nines_in_talon": (
        "Пересдача: две девятки в прикупе",
        "Играющий может пересдать, если в прикупе две девятки.",
    ),
    "redeal_four_nines_after_discard": (
        "Пересдача: четыре девятки после сноса",
        "Четыре девятки после прикупа или сноса тоже дают право на пересдачу.",
    ),
    "redeal_only_on_100": (
        "Пересдача по прикупу только на сотне",
        "Пересдавать из-за прикупа можно, только если прикуп взят на сотне, без торговли.",
    ),
    "min_raise": ("Шаг торговли", "Насколько минимум надо поднять ставку."),
    "bid_step": (
        "Ставки кратны",
        "Все ставки и заказы кратны этому числу: 5 или 10, как в польской игре.",
    ),
    "no_jumps": (
        "Без прыжков",
        "Поднимать ставку можно только на минимальный шаг, не больше.",
    ),
    "bid_cap": ("Предел ставки", "Ставка и заказ не выше этого числа (обычно 300)."),
    "bid_over_120_without_marriage": (
        "Больше 120 без марьяжа",
        "Торговаться выше 120 можно и без марьяжа на руке.",
    ),
    "silence_below": ("Молчание", "Игрок со счётом ниже этого числа всегда пасует."),
    "hide_talon_on_100": (
        "Прикуп на сотне закрыт",
        "Прикуп, взятый на сотне без торговли, остальным не показывают.",
    ),
    "open_discard": (
        "Снос в открытую",
        "Снесённые карты видят все, а не только тот, кто их получил.",
    ),
    "declare_on_first_lead": (
        "Хвалить с первого хода",
        "Марьяж можно объявить, ещё не взяв ни одной взятки.",
    ),
    "ace_marriage": (
        "Тузовый марьяж",
        "Четыре туза, объявленные ходом с туза, дают 200; козырь не меняется.",
    ),
    "must_beat": (
        "Обязательно бить",
        "Кто может взять взятку, обязан её взять: старшей картой масти или старшим козырем.",
    ),
    "no_lead_foreign_trump": (
        "Не ходить с чужих козырей",
        "Нельзя ходить с козыря, объявленного другим, если есть карты других мастей.",
    ),
    "must_lead_trump": (
        "Ходить с козырей",
        "На своём ходу надо ходить с козыря, если он есть.",
    ),
    "round_to": (
        "Округлять до",
        "Очки вистующих округляются до 5 или, как в Польше, до 10: 17 — это 15 или 20.",
    ),
    "round_declarer": (
        "Округлять и играющему",
        "Очки играющего округляются перед сравнением с заказом: 118 — это 120.",
    ),
    "four_nines_bonus": (
        "Бонус за четыре девятки",
        "Четыре девятки на руке после сноса приносят 120 в конце сдачи.",
    ),
    "write_off": (
        "Роспись",
        "Играющий может расписать игру: теряет заказ, соперникам пишут по половине.",
    ),
    "write_off_60": (
        "Расписывать по 60",
        "При росписи каждому сопернику пишут 60, а не половину заказа.",
    ),
    "write_off_free": (
        "Бесплатная роспись",
        "При росписи заказ у играющего не вычитается; соперники своё получают.",
    ),
    "write_off_limit": (
        "Росписей за игру",
        "Сколько раз за партию каждый может расписать (пусто — без ограничений).",
    ),
    "write_off_third_penalty": (
        "Штраф за третью роспись",
        "Каждая третья роспись игрока стоит ещё и штрафа.",
    ),
    "write_off_on_barrel": (
        "Роспись при бочке",
        "Расписывать можно, даже когда кто-то на бочке (только при бесплатной росписи).",
    ),
    "write_off_on_golden": (
        "Роспись на золотом",
        "Расписывать можно в золотом кону (только при бесплатной росписи).",
    ),
    "bombs": (
        "Бомб за игру",
        "Сколько раз каждый может бросить бомбу: сдача не играется, соперники получают "
        "твёрдую сумму.",
    ),
    "bomb_points": (
        "Бомба даёт",
        "Сколько получает каждый соперник за брошенную бомбу (обычно 60).",
    ),
    "bolts": (
        "Болты",
        "Три сдачи без взятки — штраф: считаются за всю игру, только подряд или никак.",
    ),
    "bolt_counts_zero_points": (
        "Болт за ноль очков",
        "Болт — это сдача без очков, а не сдача без взятки.",
    ),
    "no_bolt_on_own_game": (
        "На своей игре болта нет",
        "Играющий не получает болт в своей сдаче, и она не прерывает серию.",
    ),
    "bolts_on_barrel": ("Болты на бочке", "Болты считаются и у того, кто сидит на бочке."),
    "barrel": (
        "Бочка",
        "С бочки игрок получает очки только за свой заказ и должен им закончить игру.",
    ),
    "barrel_mode": (
        "Какая бочка",
        "Русская: счёт стоит, закончить одним заказом; польская: выше отметки идёт только "
        "своя игра.",
    ),
    "barrel_at": (
        "Бочка с",
        "С какой суммы садятся на бочку: 880 или 900 (в польской игре 800).",
    ),
    "barrel_attempts": (
        "Сдач на бочке",
        "Сколько сдач можно сидеть на бочке, прежде чем слететь со штрафом.",
    ),
    "over_1000": (
        "Больше 1000",
        "С бочки нужно перевалить за 1000, а не просто набрать: со 880 — заказ 125.",
    ),
    "barrel_bidding": (
        "Торговля на бочке",
        "Как бочка получает прикуп: обычная торговля, прикуп без торговли или торговля от 120.",
    ),
    "barrel_knock_off": (
        "Сброс с бочки",
        "Кто залез на бочку, сбрасывает сидевшего там со штрафом.",
    ),
    "one_on_barrel": (
        "Двоим на бочке не место",
        "Все, кто попал на бочку в одной сдаче, слетают с неё со штрафом.",
    ),
    "three_barrels_zero": (
        "Три бочки — ноль",
        "Третья несыгранная бочка обнуляет счёт игрока.",
    ),
    "barrel_freezes_defenders": (
        "Пока играют бочку, все стоят",
        "Когда бочка играет свой заказ, остальным не пишут ни очков, ни болтов.",
    ),
    "golden_round": (
        "Золотой кон",
        "Игра начинается с круга, где каждый по очереди обязан играть 120; всё удваивается.",
    ),
    "golden_reset": (
        "Золотой кон заново",
        "Если в золотом кону никто не сыграл 120, счёт обнуляется и кон повторяется.",
    ),
    "golden_raise": (
        "Поднимать на золотом",
        "Играющий в золотом кону может поднять заказ выше 120.",
    ),
    "golden_double_bolts": ("Двойной болт на золотом", "Болт в золотом кону считается за два."),
    "dark_game": (
        "Игра втёмную",
        "Первая рука может играть 120, не глядя в карты; результат удваивается.",
    ),
    "dark_hide_talon": (
        "Втёмную прикуп закрыт",
        "В тёмной игре прикуп и снос остаются рубашкой вверх.",
    ),
    "dark_not_on_barrel": (
        "Не темнить при бочке",
        "Нельзя играть втёмную, пока кто-то сидит на бочке.",
    ),
    "dark_write_off": ("Роспись втёмную", "Тёмную игру можно расписать (это стоит вдвое)."),
    "dark_unblind": (
        "Растемнение",
        "Соперник с марьяжем может растемнить, назначив 125.",
    ),
    "dark_unblind_takes_talon": (
        "Растемнил — играет",
        "Растемнивший сразу играет 125, без дальнейшей торговли.",
    ),
    "dark_cap_240": ("Втёмную не больше 240", "Сыгранная тёмная игра приносит не больше 240."),
    "dark_double_bolts": ("Двойной болт втёмную", "Болт в тёмной сдаче считается за два."),
    "dark_min_total": (
        "Темнить со счёта",
        "Темнить можно только со счётом не ниже этого (пусто — всем).",
    ),
    "players": (
        "Игроков",
        "2, 3 или 4 за столом; вчетвером сдающий сидит на прикупе и получает его очки.",
    ),
    "target": ("Игра до", "Сколько очков нужно для победы, обычно 1000."),
    "penalty": (
        "Штраф",
        "Обычный штраф: за третий болт, слёт с бочки, неудачный сдвиг; обычно 120.",
    ),
    "samosval": ("Самосвал 555", "Ровно 555 очков после сдачи — счёт обнуляется."),
    "negative_samosval": ("Самосвал −555", "Ровно −555 очков после сдачи — тоже ноль."),
}

_UK: dict[str, tuple[str, str]] = {
    "cut_ritual": (
        "Зрізання з девʼятками",
        "Зрізає сусід праворуч від здавальника; девʼятка знизу — зрізати знову, "
        "за третю девʼятку штраф.",
    ),
    "redeal_same_dealer": (
        "Перездає той самий",
        "Після перездачі роздає той самий гравець; якщо вимкнено, роздача переходить далі.",
    ),
    "redeal_hand_below": (
        "Перездача: мало очок",
        "Якщо на руці менше очок, ніж зазначено (зазвичай 14), до торгів можна просити перездачу.",
    ),
    "redeal_four_nines": (
        "Перездача: чотири девʼятки",
        "Чотири девʼятки на руці (на сотні — три) дають право на перездачу до торгів.",
    ),
    "redeal_first_hand_three_nines": (
        "Три девʼятки на сотні",
        "Першій руці для перездачі досить трьох девʼяток.",
    ),
    "redeal_four_jacks": (
        "Перездача: чотири валети",
        "Чотири валети на руці дають право на перездачу до торгів.",
    ),
    "redeal_talon_below": (
        "Перездача: бідний прикуп",
        "Гравець, що грає, може перездати, якщо в прикупі менше очок, ніж зазначено (зазвичай 5).",
    ),
    "redeal_two_nines_in_talon": (
        "Перездача: дві девʼятки в прикупі",
        "Гравець, що грає, може перездати, якщо в прикупі дві девʼятки.",
    ),
    "redeal_four_nines_after_discard": (
        "Перездача: чотири девʼятки згодом",
        "Чотири девʼятки після прикупу або отриманої карти теж дають право на перездачу.",
    ),
    "redeal_only_on_100": (
        "Перездача за прикуп лише на сотні",
        "Перездавати через прикуп можна, лише коли прикуп узято на сотні, без торгів.",
    ),
    "min_raise": ("Крок торгів", "На скільки щонайменше треба підвищити ставку."),
    "bid_step": (
        "Ставки кратні",
        "Усі ставки й замовлення кратні цьому числу: 5 або 10, як у польській грі.",
    ),
    "no_jumps": (
        "Без стрибків",
        "Підвищувати ставку можна лише на найменший крок, не більше.",
    ),
    "bid_cap": (
        "Найвища ставка",
        "Ставка й замовлення не вищі за це число (зазвичай 300).",
    ),
    "bid_over_120_without_marriage": (
        "Понад 120 без марʼяжу",
        "Торгуватися вище 120 можна й без марʼяжу на руці.",
    ),
    "silence_below": ("Мовчання", "Гравець із рахунком нижче цього числа завжди пасує."),
    "hide_talon_on_100": (
        "Прикуп на сотні закритий",
        "Прикуп, узятий на сотні без торгів, іншим не показують.",
    ),
    "open_discard": (
        "Віддавати відкрито",
        "Віддані карти бачать усі, а не лише той, хто їх отримав.",
    ),
    "declare_on_first_lead": (
        "Хвалити з першого ходу",
        "Марʼяж можна оголосити, ще не взявши жодної взятки.",
    ),
    "ace_marriage": (
        "Тузовий марʼяж",
        "Чотири тузи, оголошені ходом із туза, дають 200; козир не змінюється.",
    ),
    "must_beat": (
        "Обовʼязково бити",
        "Хто може взяти взятку, мусить її взяти: старшою картою масті або старшим козирем.",
    ),
    "no_lead_foreign_trump": (
        "Не ходити з чужих козирів",
        "Не можна ходити з козиря, який оголосив інший, якщо є карти інших мастей.",
    ),
    "must_lead_trump": (
        "Ходити з козирів",
        "На своєму ході треба ходити з козиря, якщо він є.",
    ),
    "round_to": (
        "Округлювати до",
        "Очки вістуючих округлюють до 5 або, як у Польщі, до 10: 17 — це 15 або 20.",
    ),
    "round_declarer": (
        "Округлювати й гравцеві",
        "Очки гравця, що грає, округлюють перед порівнянням із замовленням: 118 — це 120.",
    ),
    "four_nines_bonus": (
        "Бонус за чотири девʼятки",
        "Чотири девʼятки на руці після віддачі карт приносять 120 наприкінці роздачі.",
    ),
    "write_off": (
        "Розпис",
        "Гравець може розписати гру: втрачає замовлення, суперникам пишуть по половині.",
    ),
    "write_off_60": (
        "Розписувати по 60",
        "При розписі кожному супернику пишуть 60, а не половину замовлення.",
    ),
    "write_off_free": (
        "Безплатний розпис",
        "При розписі замовлення в гравця не віднімають; суперники своє отримують.",
    ),
    "write_off_limit": (
        "Розписів за гру",
        "Скільки разів за партію кожен може розписати (порожньо — без обмежень).",
    ),
    "write_off_third_penalty": (
        "Штраф за третій розпис",
        "Кожен третій розпис гравця коштує ще й штрафу.",
    ),
    "write_off_on_barrel": (
        "Розпис при бочці",
        "Розписувати можна, навіть коли хтось на бочці (лише при безплатному розписі).",
    ),
    "write_off_on_golden": (
        "Розпис на золотому",
        "Розписувати можна на золотому кону (лише при безплатному розписі).",
    ),
    "bombs": (
        "Бомб за гру",
        "Скільки разів кожен може кинути бомбу: роздачу не грають, суперники отримують "
        "тверду суму.",
    ),
    "bomb_points": (
        "Бомба дає",
        "Скільки отримує кожен суперник за кинуту бомбу (зазвичай 60).",
    ),
    "bolts": (
        "Болти",
        "Три роздачі без взятки — штраф: рахують за всю гру, лише поспіль або ніяк.",
    ),
    "bolt_counts_zero_points": (
        "Болт за нуль очок",
        "Болт дають за роздачу з нулем очок, навіть якщо взятку взято.",
    ),
    "no_bolt_on_own_game": (
        "На своїй грі болта немає",
        "Гравець, що грає, не отримує болта у своїй роздачі, і вона не перериває серію.",
    ),
    "bolts_on_barrel": ("Болти на бочці", "Болти рахують і тому, хто сидить на бочці."),
    "barrel": (
        "Бочка",
        "Із бочки гравець отримує очки лише за своє замовлення й мусить ним закінчити гру.",
    ),
    "barrel_mode": (
        "Яка бочка",
        "Російська: рахунок стоїть, закінчити одним замовленням; польська: вище позначки "
        "йде лише своя гра.",
    ),
    "barrel_at": (
        "Бочка з",
        "З якої суми сідають на бочку: 880 або 900 (у польській грі 800).",
    ),
    "barrel_attempts": (
        "Роздач на бочці",
        "Скільки роздач можна сидіти на бочці, перш ніж злетіти зі штрафом.",
    ),
    "over_1000": (
        "Понад 1000",
        "Із бочки треба перевалити за 1000, а не лише набрати: з 880 — замовлення 125.",
    ),
    "barrel_bidding": (
        "Торги на бочці",
        "Як бочка отримує прикуп: звичайні торги, прикуп без торгів або торги від 120.",
    ),
    "barrel_knock_off": (
        "Скинути з бочки",
        "Хто виліз на бочку, скидає того, хто там сидів, зі штрафом.",
    ),
    "one_on_barrel": (
        "Двом на бочці не місце",
        "Усі, хто потрапив на бочку в одній роздачі, злітають із неї зі штрафом.",
    ),
    "three_barrels_zero": (
        "Три бочки — нуль",
        "Третя незіграна бочка обнуляє рахунок гравця.",
    ),
    "barrel_freezes_defenders": (
        "Поки грають бочку, усі стоять",
        "Коли бочка грає своє замовлення, іншим не пишуть ні очок, ні болтів.",
    ),
    "golden_round": (
        "Золотий кін",
        "Гра починається з кола, де кожен по черзі мусить грати 120; усе подвоюється.",
    ),
    "golden_reset": (
        "Золотий кін знову",
        "Якщо на золотому кону ніхто не зіграв 120, рахунок обнуляють і кін повторюють.",
    ),
    "golden_raise": (
        "Підвищувати на золотому",
        "Гравець на золотому кону може підняти замовлення вище 120.",
    ),
    "golden_double_bolts": (
        "Подвійний болт на золотому",
        "Болт на золотому кону вважається за два.",
    ),
    "dark_game": (
        "Гра втемну",
        "Перша рука може грати 120, не дивлячись у карти; результат подвоюється.",
    ),
    "dark_hide_talon": (
        "Втемну прикуп закритий",
        "У темній грі прикуп і віддані карти лежать сорочкою догори.",
    ),
    "dark_not_on_barrel": (
        "Не темнити при бочці",
        "Не можна грати втемну, поки хтось сидить на бочці.",
    ),
    "dark_write_off": ("Розпис утемну", "Темну гру можна розписати (це коштує вдвічі)."),
    "dark_unblind": (
        "Розтемнення",
        "Суперник із марʼяжем може розтемнити, призначивши 125.",
    ),
    "dark_unblind_takes_talon": (
        "Розтемнив — грає",
        "Хто розтемнив, одразу грає 125, без подальших торгів.",
    ),
    "dark_cap_240": (
        "Втемну не більше 240",
        "Зіграна темна гра приносить не більше 240.",
    ),
    "dark_double_bolts": (
        "Подвійний болт утемну",
        "Болт у темній роздачі вважається за два.",
    ),
    "dark_min_total": (
        "Темнити з рахунку",
        "Темнити можна лише з рахунком не нижче цього (порожньо — усім).",
    ),
    "players": (
        "Гравців",
        "2, 3 або 4 за столом; учотирьох здавальник сидить на прикупі й отримує його очки.",
    ),
    "target": ("Гра до", "Скільки очок потрібно для перемоги, зазвичай 1000."),
    "penalty": (
        "Штраф",
        "Звичайний штраф: за третій болт, падіння з бочки, невдале зрізання; зазвичай 120.",
    ),
    "samosval": ("Самоскид 555", "Рівно 555 очок після роздачі — рахунок обнуляється."),
    "negative_samosval": ("Самоскид −555", "Рівно −555 очок після роздачі — теж нуль."),
}

_PL: dict[str, tuple[str, str]] = {
    "cut_ritual": (
        "Przełożenie z dziewiątkami",
        "Przekłada gracz z prawej; dziewiątka na spodzie to nowe przełożenie, "
        "za trzecią przekładający płaci karę.",
    ),
    "redeal_same_dealer": (
        "Ten sam rozdaje ponownie",
        "Po nowym rozdaniu rozdaje ten sam gracz; wyłączone: rozdanie przechodzi dalej.",
    ),
    "redeal_hand_below": (
        "Nowe rozdanie: słaba ręka",
        "Ręka warta mniej punktów niż podano (zwykle 14) pozwala przed licytacją "
        "zażądać nowego rozdania.",
    ),
    "redeal_four_nines": (
        "Nowe rozdanie: cztery dziewiątki",
        "Cztery dziewiątki w ręku (pierwszemu licytującemu wystarczą trzy) pozwalają "
        "zażądać nowego rozdania.",
    ),
    "redeal_first_hand_three_nines": (
        "Trzy dziewiątki u pierwszego",
        "Pierwszemu licytującemu do nowego rozdania wystarczą trzy dziewiątki.",
    ),
    "redeal_four_jacks": (
        "Nowe rozdanie: cztery walety",
        "Cztery walety w ręku pozwalają przed licytacją zażądać nowego rozdania.",
    ),
    "redeal_talon_below": (
        "Nowe rozdanie: pusty musik",
        "Grający może zażądać nowego rozdania, gdy musik jest wart mniej punktów niż podano "
        "(zwykle 5).",
    ),
    "redeal_two_nines_in_talon": (
        "Nowe rozdanie: dwie dziewiątki w musiku",
        "Grający może zażądać nowego rozdania, gdy w musiku są dwie dziewiątki.",
    ),
    "redeal_four_nines_after_discard": (
        "Nowe rozdanie: cztery dziewiątki później",
        "Cztery dziewiątki po wzięciu musiku lub otrzymaniu karty też dają prawo "
        "do nowego rozdania.",
    ),
    "redeal_only_on_100": (
        "Rozdanie przez musik tylko przy 100",
        "Nowe rozdanie z powodu musiku tylko wtedy, gdy musik wzięto za 100, bez licytacji.",
    ),
    "min_raise": ("Najmniejsze podbicie", "O ile co najmniej trzeba podbić poprzednią ofertę."),
    "bid_step": (
        "Licytacja co",
        "Wszystkie oferty i gry są wielokrotnością tej liczby: 5 albo 10, jak w polskim tysiącu.",
    ),
    "no_jumps": (
        "Bez przeskoków",
        "Podbijać można tylko o najmniejszy krok, nie więcej.",
    ),
    "bid_cap": (
        "Najwyższa gra",
        "Żadna oferta ani gra nie może przekroczyć tej liczby (zwykle 300).",
    ),
    "bid_over_120_without_marriage": (
        "Ponad 120 bez meldunku",
        "Licytować powyżej 120 wolno także bez meldunku w ręku.",
    ),
    "silence_below": (
        "Milczenie",
        "Gracz, którego wynik jest poniżej tej liczby, zawsze pasuje.",
    ),
    "hide_talon_on_100": (
        "Musik wzięty za 100 zakryty",
        "Musiku wziętego za 100, bez licytacji, nie pokazuje się pozostałym.",
    ),
    "open_discard": (
        "Odkryte oddawanie kart",
        "Karty oddane przez grającego widzą wszyscy, nie tylko ich odbiorcy.",
    ),
    "declare_on_first_lead": (
        "Meldunek w pierwszym wyjściu",
        "Meldować wolno, zanim meldujący weźmie pierwszą lewę.",
    ),
    "ace_marriage": (
        "Meldunek asów",
        "Cztery asy zgłoszone przy wyjściu asem dają 200; atut się nie zmienia.",
    ),
    "must_beat": (
        "Przymus bicia",
        "Kto może wziąć lewę, musi ją wziąć: wyższą kartą w kolorze albo wyższym atutem.",
    ),
    "no_lead_foreign_trump": (
        "Nie wychodzić w cudzy atut",
        "Nie wolno wychodzić atutem zgłoszonym przez innego gracza, mając karty innych kolorów.",
    ),
    "must_lead_trump": (
        "Wychodzić w atut",
        "Wychodząc, trzeba zagrać atut, jeśli się go ma.",
    ),
    "round_to": (
        "Zaokrąglać do",
        "Punkty obrońców zaokrągla się do 5 albo, jak w Polsce, do 10: 17 to 15 albo 20.",
    ),
    "round_declarer": (
        "Zaokrąglać też grającemu",
        "Punkty grającego zaokrągla się przed porównaniem z grą: 118 to 120.",
    ),
    "four_nines_bonus": (
        "Premia za cztery dziewiątki",
        "Cztery dziewiątki w ręku po oddaniu kart dają 120 na koniec rozdania.",
    ),
    "write_off": (
        "Poddanie gry",
        "Grający może zrezygnować z gry: traci kontrakt, przeciwnicy dostają po połowie.",
    ),
    "write_off_60": (
        "Poddanie po 60",
        "Przy poddaniu każdy przeciwnik dostaje 60, a nie połowę gry.",
    ),
    "write_off_free": (
        "Darmowe poddanie",
        "Poddanie nic nie kosztuje grającego; przeciwnicy dostają swoje.",
    ),
    "write_off_limit": (
        "Poddań na partię",
        "Ile razy w partii każdy może się poddać (puste: bez limitu).",
    ),
    "write_off_third_penalty": (
        "Kara za trzecie poddanie",
        "Każde trzecie poddanie gracza kosztuje dodatkowo karę.",
    ),
    "write_off_on_barrel": (
        "Poddanie przy beczce",
        "Poddać można, nawet gdy ktoś siedzi na beczce (tylko przy darmowym poddaniu).",
    ),
    "write_off_on_golden": (
        "Poddanie w złotej rundzie",
        "Poddać można w złotej rundzie (tylko przy darmowym poddaniu).",
    ),
    "bombs": (
        "Bomby na partię",
        "Ile razy każdy może rzucić bombę: rozdania się nie gra, przeciwnicy dostają "
        "stałą liczbę punktów.",
    ),
    "bomb_points": (
        "Bomba daje",
        "Ile dostaje każdy przeciwnik, gdy ktoś rzuci bombę (zwykle 60).",
    ),
    "bolts": (
        "Bolty",
        "Trzy rozdania bez lewy kosztują karę: liczone przez całą grę, tylko z rzędu albo wcale.",
    ),
    "bolt_counts_zero_points": (
        "Bolt za zero punktów",
        "Bolt to rozdanie bez punktów, a nie rozdanie bez lewy.",
    ),
    "no_bolt_on_own_game": (
        "Bez bolta we własnej grze",
        "Grający nie dostaje bolta we własnej grze, a ona nie przerywa serii.",
    ),
    "bolts_on_barrel": (
        "Bolty na beczce",
        "Bolty liczy się także graczowi, który siedzi na beczce.",
    ),
    "barrel": (
        "Beczka",
        "Od beczki gracz zdobywa punkty tylko z własnej gry i musi nią zakończyć partię.",
    ),
    "barrel_mode": (
        "Rodzaj beczki",
        "Rosyjska: wynik stoi, koniec jedną grą; polska: powyżej progu liczy się tylko własna gra.",
    ),
    "barrel_at": (
        "Beczka od",
        "Od jakiego wyniku wchodzi się na beczkę: 880 lub 900 (w polskim tysiącu 800).",
    ),
    "barrel_attempts": (
        "Rozdań na beczce",
        "Ile rozdań można siedzieć na beczce, zanim spadnie się z niej z karą.",
    ),
    "over_1000": (
        "Ponad 1000",
        "Z beczki trzeba przekroczyć 1000, a nie tylko je osiągnąć: od 880 gra za 125.",
    ),
    "barrel_bidding": (
        "Licytacja na beczce",
        "Jak gracz z beczki dostaje musik: zwykła licytacja, musik bez licytacji "
        "albo licytacja od 120.",
    ),
    "barrel_knock_off": (
        "Zrzucenie z beczki",
        "Kto wchodzi na beczkę, zrzuca z niej siedzącego tam gracza, który płaci karę.",
    ),
    "one_on_barrel": (
        "Dwóch na beczce to za dużo",
        "Wszyscy, którzy weszli na beczkę w tym samym rozdaniu, spadają z niej z karą.",
    ),
    "three_barrels_zero": (
        "Trzy beczki – zero",
        "Trzecia nieudana próba na beczce zeruje wynik gracza.",
    ),
    "barrel_freezes_defenders": (
        "Gdy gra beczka, reszta stoi",
        "Gdy gracz z beczki rozgrywa swoją grę, pozostałym nie pisze się punktów ani boltów.",
    ),
    "golden_round": (
        "Złota runda",
        "Partia zaczyna się kolejką, w której każdy po kolei gra 120; wszystko liczy się "
        "podwójnie.",
    ),
    "golden_reset": (
        "Złota runda od nowa",
        "Jeśli w złotej rundzie nikt nie ugra 120, wyniki się zeruje i rundę gra się znowu.",
    ),
    "golden_raise": (
        "Podbijanie w złotej rundzie",
        "Grający w złotej rundzie może podnieść grę ponad 120.",
    ),
    "golden_double_bolts": (
        "Podwójny bolt w złotej rundzie",
        "Bolt w złotej rundzie liczy się za dwa.",
    ),
    "dark_game": (
        "Gra w ciemno",
        "Pierwszy licytujący może grać 120, nie patrząc w karty; wynik liczy się podwójnie.",
    ),
    "dark_hide_talon": (
        "W ciemno musik zakryty",
        "W grze w ciemno musik i oddane karty leżą koszulkami do góry.",
    ),
    "dark_not_on_barrel": (
        "Bez ciemnej przy beczce",
        "Nie wolno grać w ciemno, gdy ktoś siedzi na beczce.",
    ),
    "dark_write_off": (
        "Poddanie w ciemno",
        "Grę w ciemno można poddać (kosztuje to podwójnie).",
    ),
    "dark_unblind": (
        "Odciemnienie",
        "Przeciwnik z meldunkiem może odwołać grę w ciemno, licytując 125.",
    ),
    "dark_unblind_takes_talon": (
        "Kto odciemnia, ten gra",
        "Kto odwołał grę w ciemno, od razu gra 125, bez dalszej licytacji.",
    ),
    "dark_cap_240": ("W ciemno najwyżej 240", "Ugrana gra w ciemno daje najwyżej 240."),
    "dark_double_bolts": (
        "Podwójny bolt w ciemno",
        "Bolt w rozdaniu w ciemno liczy się za dwa.",
    ),
    "dark_min_total": (
        "Ciemno od wyniku",
        "Grać w ciemno może tylko gracz z co najmniej takim wynikiem (puste: każdy).",
    ),
    "players": (
        "Gracze",
        "2, 3 lub 4 przy stole; we czterech rozdający siedzi na musiku i liczy sobie jego punkty.",
    ),
    "target": ("Gra do", "Ile punktów trzeba zdobyć, by wygrać; zwykle 1000."),
    "penalty": (
        "Kara",
        "Zwykła kara: za trzeci bolt, spadnięcie z beczki, złe przełożenie; zwykle 120.",
    ),
    "samosval": ("555 zeruje", "Równo 555 punktów po rozdaniu – wynik spada do zera."),
    "negative_samosval": ("−555 zeruje", "Równo −555 punktów po rozdaniu – też zero."),
}

TEXT: dict[str, dict[str, tuple[str, str]]] = {"en": _EN, "ru": _RU, "uk": _UK, "pl": _PL}
"""Per language, per convention id: (short label, one-line explanation)."""

# -- names of the choice values ----------------------------------------------

VALUE_TEXT: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "players": {"2": "2 players", "3": "3 players", "4": "4 players"},
        "min_raise": {"5": "by 5", "10": "by 10"},
        "bid_step": {"5": "of 5", "10": "of 10"},
        "round_to": {"5": "to 5", "10": "to 10"},
        "barrel_at": {"800": "800", "880": "880", "900": "900"},
        "bolts": {"off": "no bolts", "total": "three in a game", "in_row": "three in a row"},
        "barrel_bidding": {
            "normal": "normal bidding",
            "talon_to_barrel": "talon without bidding",
            "from_120": "bidding from 120",
        },
        "barrel_mode": {
            "finish": "Russian: finish with one contract",
            "declarer_only": "Polish: only own contracts count",
        },
    },
    "ru": {
        "players": {"2": "вдвоём", "3": "втроём", "4": "вчетвером"},
        "min_raise": {"5": "на 5", "10": "на 10"},
        "bid_step": {"5": "5", "10": "10"},
        "round_to": {"5": "до 5", "10": "до 10"},
        "barrel_at": {"800": "800", "880": "880", "900": "900"},
        "bolts": {"off": "без болтов", "total": "три за игру", "in_row": "три подряд"},
        "barrel_bidding": {
            "normal": "обычная торговля",
            "talon_to_barrel": "прикуп без торговли",
            "from_120": "торговля от 120",
        },
        "barrel_mode": {
            "finish": "русская: закончить одним заказом",
            "declarer_only": "польская: только своя игра",
        },
    },
    "uk": {
        "players": {"2": "удвох", "3": "утрьох", "4": "учотирьох"},
        "min_raise": {"5": "на 5", "10": "на 10"},
        "bid_step": {"5": "5", "10": "10"},
        "round_to": {"5": "до 5", "10": "до 10"},
        "barrel_at": {"800": "800", "880": "880", "900": "900"},
        "bolts": {"off": "без болтів", "total": "три за гру", "in_row": "три поспіль"},
        "barrel_bidding": {
            "normal": "звичайні торги",
            "talon_to_barrel": "прикуп без торгів",
            "from_120": "торги від 120",
        },
        "barrel_mode": {
            "finish": "російська: закінчити одним замовленням",
            "declarer_only": "польська: лише своя гра",
        },
    },
    "pl": {
        "players": {"2": "2 osoby", "3": "3 osoby", "4": "4 osoby"},
        "min_raise": {"5": "o 5", "10": "o 10"},
        "bid_step": {"5": "co 5", "10": "co 10"},
        "round_to": {"5": "do 5", "10": "do 10"},
        "barrel_at": {"800": "800", "880": "880", "900": "900"},
        "bolts": {"off": "bez boltów", "total": "trzy w partii", "in_row": "trzy z rzędu"},
        "barrel_bidding": {
            "normal": "zwykła licytacja",
            "talon_to_barrel": "musik bez licytacji",
            "from_120": "licytacja od 120",
        },
        "barrel_mode": {
            "finish": "rosyjska: koniec jedną grą",
            "declarer_only": "polska: liczy się tylko własna gra",
        },
    },
}
"""Per language, per convention id, per value (as ``str(value)``): its name."""

# -- presets and regional rule sets ------------------------------------------

REGIONAL_PRESETS: tuple[str, ...] = ("russian", "ukrainian", "polish")
"""The regional rule sets among the presets (docs/CONVENTIONS.md "Regional rule sets");
their values are ``Conventions.PRESETS[name]``."""

PRESET_TEXT: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "classic": (
            "Classic",
            "The project's base game: barrel at 880, bolts over the game, concession for half.",
        ),
        "strict": ("Strict", "Classic without jumps in the bidding; bolts count only in a row."),
        "family": (
            "Family",
            "Gentle: nobody is knocked off the barrel, generous redeals, free concession.",
        ),
        "golden_dark": (
            "Golden & Dark",
            "Classic with the golden round at the start and the dark game.",
        ),
        "two_players": ("Two players", "Two talons of two cards, ten tricks, no barrel."),
        "four_players": (
            "Four players",
            "The dealer sits out on the talon and scores its points.",
        ),
        "russian": (
            "Russian classic",
            "The Russian rule books: barrel at 880 for three deals, bolts, samosval at ±555.",
        ),
        "ukrainian": (
            "Ukrainian",
            "The barrel player takes the talon and must pass 1000; concession gives 60; "
            "others stand still.",
        ),
        "polish": (
            "Polish Tysiąc",
            "Bids in tens, must beat, points rounded to 10, barrel from 800, one bomb each.",
        ),
    },
    "ru": {
        "classic": (
            "Классика",
            "Основа игры: бочка с 880, болты за всю игру, роспись за половину заказа.",
        ),
        "strict": ("Строгие", "Классика без прыжков в торговле; болты считаются только подряд."),
        "family": (
            "Семейные",
            "Мягкие правила: с бочки не сбрасывают, пересдача щедрее, роспись бесплатная.",
        ),
        "golden_dark": (
            "Золотой кон и тёмная",
            "Классика с золотым коном в начале и игрой втёмную.",
        ),
        "two_players": ("Вдвоём", "Два прикупа по две карты, десять взяток, без бочки."),
        "four_players": ("Вчетвером", "Сдающий сидит на прикупе и получает его очки."),
        "russian": (
            "Русская классика",
            "По русским правилам: бочка с 880 на три сдачи, болты, самосвал на 555 и −555.",
        ),
        "ukrainian": (
            "Украинская",
            "Бочка берёт прикуп без торговли и должна перевалить за 1000; роспись по 60; "
            "остальные стоят.",
        ),
        "polish": (
            "Польская «Тысяча»",
            "Торговля по 10, обязательно бить, округление до 10, бочка с 800, одна бомба.",
        ),
    },
    "uk": {
        "classic": (
            "Класика",
            "Основа гри: бочка з 880, болти за всю гру, при розписі суперникам по половині.",
        ),
        "strict": ("Суворі", "Класика без стрибків у торгах; болти рахують лише поспіль."),
        "family": (
            "Сімейні",
            "Мʼякі правила: з бочки не скидають, перездача щедріша, розпис безплатний.",
        ),
        "golden_dark": (
            "Золотий кін і темна",
            "Класика із золотим коном на початку та грою втемну.",
        ),
        "two_players": ("Удвох", "Два прикупи по дві карти, десять взяток, без бочки."),
        "four_players": ("Учотирьох", "Здавальник сидить на прикупі й отримує його очки."),
        "russian": (
            "Російська класика",
            "За російськими правилами: бочка з 880 на три роздачі, болти, самоскид на 555 і −555.",
        ),
        "ukrainian": (
            "Українська",
            "Бочка бере прикуп без торгів і мусить перевалити за 1000; розпис по 60; інші стоять.",
        ),
        "polish": (
            "Польська «Тисяча»",
            "Торги по 10, обовʼязково бити, округлення до 10, бочка з 800, одна бомба за партію.",
        ),
    },
    "pl": {
        "classic": (
            "Klasyczne",
            "Podstawa gry: beczka od 880, bolty przez całą partię, poddanie za połowę gry.",
        ),
        "strict": (
            "Surowe",
            "Klasyczne bez przeskoków w licytacji; bolty liczą się tylko z rzędu.",
        ),
        "family": (
            "Rodzinne",
            "Łagodne: nikt nie spada z beczki przez innych, hojne nowe rozdania, darmowe poddanie.",
        ),
        "golden_dark": (
            "Złota runda i ciemno",
            "Klasyczne ze złotą rundą na początku i grą w ciemno.",
        ),
        "two_players": ("Dla dwóch", "Dwa musiki po dwie karty, dziesięć lew, bez beczki."),
        "four_players": (
            "Dla czterech",
            "Rozdający siedzi na musiku i dolicza sobie jego punkty.",
        ),
        "russian": (
            "Rosyjskie klasyczne",
            "Według rosyjskich zasad: beczka od 880 na trzy rozdania, bolty, 555 i −555 zerują.",
        ),
        "ukrainian": (
            "Ukraińskie",
            "Gracz z beczki bierze musik bez licytacji i musi przekroczyć 1000; "
            "poddanie po 60; reszta stoi.",
        ),
        "polish": (
            "Polski tysiąc",
            "Licytacja co 10, przymus bicia, zaokrąglanie do 10, beczka od 800, jedna bomba.",
        ),
    },
}
"""Per language, per preset id (engine presets and regional sets): (name, description)."""
