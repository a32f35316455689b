"""Words of the table in English and Russian (Russian uses the players' own words).

>>> t("ru", "talon")
'Прикуп'
>>> t("en", "bid_btn", value=105)
'105'
"""

from __future__ import annotations

LANGS = ("en", "ru")

_EN: dict[str, str] = {
    "title": "1000",
    "you": "You",
    "west": "West",
    "east": "East",
    "north": "North",
    "player": "Player {seat}",
    "talon": "Talon",
    "trick": "Trick",
    "trump": "Trump",
    "no_trump": "No trump",
    "contract": "Contract",
    "bid": "Bid",
    "bid_btn": "{value}",
    "pass": "Pass",
    "passed": "pass",
    "redeal": "Ask for a redeal",
    "keep": "Play these cards",
    "dark": "Play in the dark (120)",
    "look": "Look at my cards",
    "unblind": "Unblind: bid 125",
    "writeoff": "Concede (write off)",
    "pick": "Take talon {n}",
    "give_to": "Give {card} to {name}",
    "aside": "Put {card} aside",
    "contract_btn": "Play {value}",
    "declare": "Declare {suit} marriage, {value}",
    "declare_aces": "Declare the ace marriage, 200",
    "your_turn": "Your turn",
    "waiting": "{name} is thinking…",
    "choose_card_give": "Choose a card to give away",
    "choose_card_aside": "Choose a card to put aside",
    "choose_contract": "Choose the final contract",
    "play_card": "Play a card",
    "bidding_prompt": "Bid or pass (highest: {high})",
    "dark_prompt": "You are first hand: play in the dark before looking?",
    "redeal_prompt": "Your cards allow a redeal",
    "pick_prompt": "Choose one of the two talons",
    "declarer": "Declarer",
    "dealer": "Dealer",
    "on_talon": "on the talon",
    "new_game": "New game",
    "next_deal": "Next deal",
    "last_trick": "Last trick",
    "sheet": "Score sheet",
    "close": "Close",
    "deal_over": "Deal {n}",
    "made": "{name} made {contract}",
    "failed": "{name} failed {contract}",
    "wrote_off": "{name} conceded {contract}",
    "redealt": "Redeal",
    "points": "points",
    "score": "score",
    "total": "total",
    "bolt": "bolt",
    "barrel": "barrel",
    "game_over": "Game over",
    "winner": "{name} won the game!",
    "you_won": "You won the game!",
    "players": "Players",
    "preset": "Rules",
    "start": "Start",
    "lang": "Русский",
    "dark_game": "dark game",
    "golden": "golden round",
    "on_100": "on the hundred",
    "hint": "Hint",
    "save_corrupt": "The saved game could not be read ({why}); it was kept under "
    "“{key}” and a new game started.",
    "storage_failed": "This browser did not let the game save ({why}); play goes on unsaved.",
    "illegal": "Not allowed: {why}",
    "dl": "Dl",
    "decl": "Decl",
    "penalty": "penalty",
    "preset_classic": "Classic",
    "preset_strict": "Strict",
    "preset_family": "Family",
    "preset_golden_dark": "Golden & Dark",
    "preset_two_players": "Two players",
    "preset_four_players": "Four players",
    "marriage": "marriage",
    "gave_you": "{name} gave you {card}",
    "level": "Level",
}

_RU: dict[str, str] = {
    "title": "Тысяча",
    "you": "Вы",
    "west": "Запад",
    "east": "Восток",
    "north": "Север",
    "player": "Игрок {seat}",
    "talon": "Прикуп",
    "trick": "Взятка",
    "trump": "Козырь",
    "no_trump": "Без козыря",
    "contract": "Заказ",
    "bid": "Ставка",
    "bid_btn": "{value}",
    "pass": "Пас",
    "passed": "пас",
    "redeal": "Пересдача",
    "keep": "Играть эти карты",
    "dark": "Играть втёмную (120)",
    "look": "Посмотреть карты",
    "unblind": "Растемнить: 125",
    "writeoff": "Расписать",
    "pick": "Взять прикуп {n}",
    "give_to": "Снести {card}: {name}",
    "aside": "Снести {card}",
    "contract_btn": "Играть {value}",
    "declare": "Хвалю {suit} марьяж, {value}",
    "declare_aces": "Хвалю тузовый марьяж, 200",
    "your_turn": "Ваш ход",
    "waiting": "{name} думает…",
    "choose_card_give": "Выберите карту для сноса",
    "choose_card_aside": "Выберите карту в снос",
    "choose_contract": "Назначьте заказ",
    "play_card": "Ходите",
    "bidding_prompt": "Торговля: ставка или пас (сейчас {high})",
    "dark_prompt": "Вы на первой руке: играть втёмную, не глядя в карты?",
    "redeal_prompt": "Ваши карты дают право на пересдачу",
    "pick_prompt": "Выберите один из двух прикупов",
    "declarer": "Играющий",
    "dealer": "Сдаёт",
    "on_talon": "на прикупе",
    "new_game": "Новая игра",
    "next_deal": "Следующая сдача",
    "last_trick": "Последняя взятка",
    "sheet": "Запись",
    "close": "Закрыть",
    "deal_over": "Сдача {n}",
    "made": "{name}: заказ {contract} сыгран",
    "failed": "{name}: заказ {contract} не сыгран",
    "wrote_off": "{name} расписал {contract}",
    "redealt": "Пересдача",
    "points": "очки",
    "score": "запись",
    "total": "итог",
    "bolt": "болт",
    "barrel": "бочка",
    "game_over": "Игра окончена",
    "winner": "{name} выиграл партию!",
    "you_won": "Вы выиграли партию!",
    "players": "Игроков",
    "preset": "Правила",
    "start": "Начать",
    "lang": "English",
    "dark_game": "втёмную",
    "golden": "золотой кон",
    "on_100": "на сотне",
    "hint": "Подсказка",
    "save_corrupt": "Сохранённую игру не удалось прочитать ({why}); она оставлена под "
    "ключом «{key}», начата новая игра.",
    "storage_failed": "Браузер не дал сохранить игру ({why}); играем без сохранения.",
    "illegal": "Нельзя: {why}",
    "dl": "Сд",
    "decl": "Игр",
    "penalty": "штраф",
    "preset_classic": "Классика",
    "preset_strict": "Строгие",
    "preset_family": "Семейные",
    "preset_golden_dark": "Золотой кон и тёмная",
    "preset_two_players": "Вдвоём",
    "preset_four_players": "Вчетвером",
    "marriage": "марьяж",
    "gave_you": "{name} снёс вам {card}",
    "level": "Уровень",
}

_TABLES = {"en": _EN, "ru": _RU}

# The engine's penalty reasons (thousand.sheet.Penalty.reason) in Russian.
_REASONS_RU = {
    "third bolt": "третий болт",
    "third concession": "третья роспись",
    "cut: three nines": "сдвиг: три девятки",
    "barrel: knocked off": "бочка: сбит с бочки",
    "barrel: arrived together": "бочка: двое на бочке",
    "barrel: attempts used up": "бочка: три попытки",
    "barrel: fell below": "бочка: слетел",
    "third failed barrel: total to 0": "третья бочка: счёт на ноль",
    "samosval 555": "самосвал 555",
    "samosval -555": "самосвал −555",
    "golden round reset": "золотой кон: счёт обнулён",
}


def reason(lang: str, text: str) -> str:
    """A penalty reason from the engine in ``lang``."""
    if lang == "ru":
        return _REASONS_RU.get(text, text)
    return text


SUIT_NAMES = {
    "en": ("♠ spades", "♣ clubs", "♦ diamonds", "♥ hearts"),
    "ru": ("♠ пиковый", "♣ трефовый", "♦ бубновый", "♥ червовый"),
}


def t(lang: str, key: str, /, **kw: object) -> str:
    """The text for ``key`` in ``lang`` (English when missing), formatted with ``kw``."""
    table = _TABLES.get(lang, _EN)
    text = table.get(key) or _EN.get(key, key)
    return text.format(**kw) if kw else text


def normalize_lang(value: object) -> str:
    """A supported language code from anything (a stored value, a URL parameter)."""
    if isinstance(value, str) and value[:2].lower() in LANGS:
        return value[:2].lower()
    return "en"
