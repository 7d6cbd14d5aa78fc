"""Augur's engine for chess, Ultima, Oracle chess and Enochian chess.

Boards in python-chess's idiom for every game, and in-process searches.
Squares are names (``"e4"``), teams and armies are names (``"White"``,
Enochian chess's ``"blue"``), moves are written as the engine's protocol
writes them (``"e2e4"``, ``"e7e8q"``). See docs/python.md.
"""

from typing import Any, Dict, Iterator, List, Literal, Optional, Tuple, Union, overload

__version__: str

class InvalidPositionError(ValueError):
    """A position string (FEN or the game's own notation) was refused."""

class IllegalMoveError(ValueError):
    """A move is not legal (or not one move) in the position."""

class EngineFailure(RuntimeError):
    """The engine could not carry out a request (a setting, a search, a count)."""

def validate_fen(variant: str, fen: str) -> Optional[str]:
    """None when `fen` is a valid position of `variant`, else the engine's reason."""

def variants() -> List[str]:
    """The names of the games: ``["chess", "ultima", "oracle", "enochian"]``."""

class Move:
    """A move, named by its text; moves compare and hash by it."""

    @property
    def text(self) -> str: ...
    @property
    def notation(self) -> str:
        """The move in its game's readable notation (chess: SAN, ``Nf3``)."""
    @property
    def from_square(self) -> Optional[str]:
        """The square the moving piece leaves, None for a move without squares."""
    @property
    def to_square(self) -> Optional[str]:
        """The square it arrives on."""
    @property
    def captures(self) -> List[str]:
        """Every square whose piece the move takes."""
    @property
    def promotion(self) -> Optional[str]:
        """The promotion piece's letter (chess), or None."""
    @property
    def choices(self) -> List[Dict[str, str]]:
        """What the mover chose besides squares: ``kind``, ``text``, ``piece``."""
    @property
    def also_moves(self) -> List[Tuple[str, str]]:
        """Pieces moving with this one (castling's rook), as (from, to)."""
    @property
    def placed(self) -> List[str]:
        """Squares besides ``to_square`` where a piece appears or changes."""
    def uci(self) -> str:
        """The move text."""
    def __str__(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]:
        """The winning team's name, None for a draw."""
    @property
    def termination(self) -> str:
        """Why it ended: ``"checkmate"``, ``"stalemate"``, ``"repetition"``, ..."""
    @property
    def teams(self) -> List[str]: ...
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``, the first team first."""

class Board:
    """A position of one game and the moves that led to it."""

    def __init__(self, variant: str = "chess", fen: Optional[str] = None) -> None:
        """A board of ``variant`` at ``fen`` (None: the game's start).

        Raises InvalidPositionError for a refused position string and
        ValueError for an unknown game."""
    @property
    def variant(self) -> str: ...
    @property
    def legal_moves(self) -> List[Move]:
        """The legal moves (empty while a die must be rolled)."""
    def push(self, move: Union[Move, str]) -> None:
        """Plays ``move``; IllegalMoveError, board unchanged, if not legal."""
    def push_text(self, text: str) -> Move:
        """Plays the move written ``text`` (``"4:h8h6Q"``: roll, then move) or
        in its game's readable notation (``"Nf3"``; ``"b4:Qh8-f6"`` once the
        roll is drawn) and returns it."""
    def push_uci(self, uci: str) -> Move:
        """``push_text`` under python-chess's name."""
    def pop(self) -> Move:
        """Takes back the last move (and a roll after it); IndexError if none."""
    def decline_exchange(self) -> None:
        """Enochian: the team not to move declined the exchange of
        prisoners offered here; searches of this position leave it out
        until a move is pushed or popped. Raises IllegalMoveError where
        none is possible."""
    def peek(self) -> Move:
        """The last move; IndexError if none."""
    @property
    def move_stack(self) -> List[Move]:
        """The moves pushed, oldest first (rolls left out)."""
    @property
    def entries(self) -> List[str]:
        """The move list as the engine writes it, rolls included (``"4:h8h6Q"``)."""
    def copy(self, *, stack: bool = True) -> "Board":
        """A board of its own; ``stack=False``: at this position, no moves."""
    def fen(self) -> str:
        """The position string (FEN in chess; each game's own notation)."""
    def starting_fen(self) -> str:
        """The position string of the game's start."""
    @property
    def turn(self) -> str:
        """Who moves: the team (``"White"``), the army in Enochian chess."""
    @property
    def team(self) -> str:
        """The team to move."""
    @property
    def teams(self) -> List[str]:
        """Every team, in the game's order."""
    def is_check(self) -> bool: ...
    def gives_check(self, move: Union[Move, str]) -> bool:
        """Whether the legal ``move`` checks; IllegalMoveError if not legal."""
    def is_capture(self, move: Union[Move, str]) -> bool:
        """Whether the legal ``move`` takes; IllegalMoveError if not legal."""
    def is_legal(self, move: Union[Move, str]) -> bool: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def piece_at(self, square: str) -> Optional[Dict[str, Any]]:
        """The piece on ``square``: ``square``, ``text``, ``team``, ``army``,
        ``piece``, ``pawn_of``, ``partner``, ``souls``, ``lifeless``; None if empty."""
    def piece_map(self) -> Dict[str, Dict[str, Any]]: ...
    @property
    def pools(self) -> List[Dict[str, Any]]:
        """Pools of captured material (Oracle chess): ``name``, ``team``, ``contents``."""
    @property
    def armies(self) -> List[Dict[str, Any]]:
        """Armies (Enochian chess): ``name``, ``letter``, ``team``, ``throne``,
        ``king``, ``frozen``, ``controlled_by``."""
    @property
    def direction(self) -> Optional[str]:
        """``"clockwise"`` or ``"anticlockwise"`` (Enochian chess), else None."""
    @property
    def die(self) -> Union[None, Literal["not_rolled"], int]:
        """The die of a game with dice: None, ``"not_rolled"`` or the roll."""
    @property
    def awaiting_roll(self) -> bool:
        """Whether the side to move must roll first."""
    def roll(self, face: int) -> str:
        """Rolls ``face`` (1-6) for the army to move; returns ``"3:"``."""
    def perft(self, depth: int) -> int:
        """Move sequences ``depth`` plies deep; Ctrl-C stops it."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any) -> "Board": ...

class Score:
    """A score from one side's view."""

    @property
    def cp(self) -> Optional[int]: ...
    @property
    def mate(self) -> Optional[int]:
        """Moves to mate (negative: being mated)."""
    def is_mate(self) -> bool: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def to_dict(self) -> Dict[str, int]:
        """``{"cp": n}`` or ``{"mate": n}``."""
    def __neg__(self) -> "Score": ...

class PovScore:
    """A score with its point of view."""

    @property
    def relative(self) -> Score:
        """From the side to move's view."""
    @property
    def turn(self) -> str:
        """The team to move."""
    def pov(self, team: str) -> Score: ...
    def white(self) -> Score:
        """From the first team's view."""
    def black(self) -> Score:
        """From the second team's view."""

InfoDict = Dict[str, Any]

class Engine:
    """A search engine with its own table and threads."""

    def __init__(
        self,
        variant: str = "chess",
        *,
        hash_mb: int = 16,
        threads: int = 1,
        elo: Optional[int] = None,
        seed: Optional[int] = None,
    ) -> None: ...
    @property
    def variant(self) -> str:
        """The game set up for (a board of another game switches it)."""
    @overload
    def analyse(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        mate: Optional[int] = None,
        multipv: Literal[1] = 1,
    ) -> InfoDict: ...
    @overload
    def analyse(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        mate: Optional[int] = None,
        multipv: int,
    ) -> Union[InfoDict, List[InfoDict]]: ...
    def analysis(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        mate: Optional[int] = None,
        multipv: int = 1,
    ) -> Analysis:
        """Starts a search (no limit: until stopped) whose reports the
        returned ``Analysis`` yields as they arrive."""
    def play(
        self,
        board: Board,
        *,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
        mate: Optional[int] = None,
    ) -> Optional[Move]:
        """The move to play, None when the game is over."""
    def answer_exchange(self, board: Board, *, time: float = 0.3) -> bool:
        """Enochian: whether the team not to move accepts the exchange of
        prisoners offered in ``board`` (both continuations searched for
        ``time`` seconds each). Raises IllegalMoveError where none is
        possible."""
    def new_game(self) -> None:
        """Forgets what searches learnt."""

class Analysis:
    """A running search: iterating yields each report (an InfoDict) as it
    arrives until the search ends; a context manager that stops on exit."""

    def __iter__(self) -> Iterator[InfoDict]: ...
    def __next__(self) -> InfoDict:
        """The next report (GIL released; Ctrl-C stops the search)."""
    @property
    def info(self) -> Optional[InfoDict]:
        """The first line's last report so far."""
    def stop(self) -> None:
        """Asks the search to stop; iteration ends after its last report."""
    def __enter__(self) -> Analysis: ...
    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool: ...
