/* A standalone driver of the kernel's C API for `make asan` (no Python inside): built with
 * AddressSanitizer and UndefinedBehaviorSanitizer together with the generator sources, fed by
 * tests/native/sanitize.py on standard input, one command a line (numbers in hexadecimal):
 *
 *   V size full <6 direction lists, each: count then items> flying rule king_priority
 *     must_continue promotion at_end no_reverse men_take_kings man_value king_value
 *     king_move_limit huffing king_lands_behind king_breaks_ties
 *                                                  -> "ok" (the variant of the next lines)
 *   P white black kings turn aux depth             -> "perft <count>"
 *   G white black kings turn aux plies seed        -> "game <plies> <white> <black> <kings> <turn> <aux>"
 *
 * A game picks each move with a 64-bit LCG (index = (state >> 33) % moves) so that the
 * Python side can replay it with the pure generator; on the way every call of kernel.h runs
 * and its answers are checked against each other (count, strict count, has_capture, a valid
 * position after every move). Any disagreement prints "error ..." and exits 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

static dk_kernel kernel;
static dk_move128 moves128[DK_MAX_MOVES];
static dk_move64 moves64[DK_MAX_MOVES];
static dk_paths paths;

static int read_word(char **cursor, dk_u128 *out)
{
    char *s = *cursor;
    while (*s == ' ')
        s++;
    if (!*s || *s == '\n')
        return -1;
    dk_u128 v = 0;
    int digits = 0;
    for (; *s && *s != ' ' && *s != '\n'; s++, digits++) {
        int c = *s, d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0 || digits >= 32)
            return -1;
        v = v << 4 | (dk_u128)d;
    }
    *cursor = s;
    *out = v;
    return 0;
}

static int read_int(char **cursor, int *out)
{
    dk_u128 v;
    if (read_word(cursor, &v) || v > 0x7fffffff)
        return -1;
    *out = (int)v;
    return 0;
}

static int read_list(char **cursor, int *n, int *items)
{
    if (read_int(cursor, n) || *n > DK_DIRECTIONS)
        return -1;
    for (int i = 0; i < *n; i++)
        if (read_int(cursor, &items[i]))
            return -1;
    return 0;
}

static int read_variant(char *line)
{
    dk_rules r;
    memset(&r, 0, sizeof r);
    int *scalars[] = {&r.flying_kings, &r.capture_rule, &r.king_priority, &r.king_must_continue,
                      &r.promotion_in_capture, &r.remove_at_end, &r.no_reverse_capture,
                      &r.men_capture_kings, &r.man_value, &r.king_value, &r.king_move_limit, &r.huffing,
                      &r.king_lands_behind, &r.king_breaks_ties};
    if (read_int(&line, &r.size) || read_int(&line, &r.full_board)
        || read_list(&line, &r.n_man_steps[0], r.man_steps[0]) || read_list(&line, &r.n_man_steps[1], r.man_steps[1])
        || read_list(&line, &r.n_man_captures[0], r.man_captures[0])
        || read_list(&line, &r.n_man_captures[1], r.man_captures[1])
        || read_list(&line, &r.n_king_steps, r.king_steps) || read_list(&line, &r.n_king_captures, r.king_captures))
        return -1;
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        if (read_int(&line, scalars[i]))
            return -1;
    char err[200];
    if (dk_kernel_init(&kernel, &r, err, sizeof err)) {
        printf("error %s\n", err);
        return -1;
    }
    return 0;
}

static int read_position(char **line, dk_pos128 *p)
{
    dk_u128 turn;
    if (read_word(line, &p->white) || read_word(line, &p->black) || read_word(line, &p->kings)
        || read_word(line, &turn) || read_word(line, &p->aux) || turn > 1)
        return -1;
    p->turn = (int)turn;
    return 0;
}

static void narrow(const dk_pos128 *w, dk_pos64 *p)
{
    p->white = (uint64_t)w->white;
    p->black = (uint64_t)w->black;
    p->kings = (uint64_t)w->kings;
    p->aux = (uint64_t)w->aux;
    p->turn = w->turn;
}

static void print_word(dk_u128 v)
{
    uint64_t high = (uint64_t)(v >> 64), low = (uint64_t)v;
    if (high)
        printf(" %llx%016llx", (unsigned long long)high, (unsigned long long)low);
    else
        printf(" %llx", (unsigned long long)low);
}

/* One ply of a game: the legal moves, the checks between the calls, the chosen move played. */
static int play(dk_pos128 *p, uint64_t *state)
{
    int n, count, strict_n, strict_count, capture, has;
    if (kernel.wide) {
        if (!dk_valid_pos128(&kernel, p))
            return -2;
        n = dk_legal128(&kernel, p, moves128, DK_MAX_MOVES, &paths);
        count = dk_count128(&kernel, p);
        strict_n = dk_legal_strict128(&kernel, p, moves128 + 0, DK_MAX_MOVES, NULL);
        strict_count = dk_count_strict128(&kernel, p);
        has = dk_has_capture128(&kernel, p);
        capture = strict_n > 0 && moves128[0].remove != 0;
        n = dk_legal128(&kernel, p, moves128, DK_MAX_MOVES, &paths);
        (void)dk_hash128(&kernel, p);
    } else {
        dk_pos64 q;
        narrow(p, &q);
        if (!dk_valid_pos64(&kernel, &q))
            return -2;
        n = dk_legal64(&kernel, &q, moves64, DK_MAX_MOVES, &paths);
        count = dk_count64(&kernel, &q);
        strict_n = dk_legal_strict64(&kernel, &q, moves64, DK_MAX_MOVES, NULL);
        strict_count = dk_count_strict64(&kernel, &q);
        has = dk_has_capture64(&kernel, &q);
        capture = strict_n > 0 && moves64[0].remove != 0;
        n = dk_legal64(&kernel, &q, moves64, DK_MAX_MOVES, &paths);
        (void)dk_hash64(&kernel, &q);
    }
    if (n < 0 || n != count || strict_n != strict_count || has != capture)
        return -3;
    if (n == 0)
        return 0;
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    int pick = (int)((*state >> 33) % (uint64_t)n);
    if (kernel.wide) {
        dk_pos128 next;
        if (dk_apply128(&kernel, p, &moves128[pick], &next))
            return -4;
        *p = next;
    } else {
        dk_pos64 q, next;
        narrow(p, &q);
        if (dk_apply64(&kernel, &q, &moves64[pick], &next))
            return -4;
        p->white = next.white, p->black = next.black, p->kings = next.kings;
        p->aux = next.aux, p->turn = next.turn;
    }
    return 1;
}

int main(void)
{
    static char line[4096];
    int have_variant = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *cursor = line + 1;
        dk_pos128 p;
        if (line[0] == 'V') {
            have_variant = read_variant(cursor) == 0;
            if (!have_variant)
                return 1;
            printf("ok\n");
        } else if (line[0] == 'P' && have_variant) {
            int depth;
            if (read_position(&cursor, &p) || read_int(&cursor, &depth))
                return 1;
            dk_pos64 q;
            narrow(&p, &q);
            long long n = kernel.wide ? dk_perft128(&kernel, &p, depth) : dk_perft64(&kernel, &q, depth);
            printf("perft %lld\n", n);
        } else if (line[0] == 'G' && have_variant) {
            int plies;
            dk_u128 seed;
            if (read_position(&cursor, &p) || read_int(&cursor, &plies) || read_word(&cursor, &seed))
                return 1;
            uint64_t state = (uint64_t)seed;
            int played = 0, rc = 1;
            while (played < plies && (rc = play(&p, &state)) == 1)
                played++;
            if (rc < 0) {
                printf("error %d after %d plies\n", rc, played);
                return 1;
            }
            printf("game %d", played);
            print_word(p.white);
            print_word(p.black);
            print_word(p.kings);
            printf(" %d", p.turn);
            print_word(p.aux);
            printf("\n");
        } else {
            printf("error bad command\n");
            return 1;
        }
        fflush(stdout);
    }
    return 0;
}
