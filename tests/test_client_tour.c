/* test_client_tour.c -- the client tracker and the tournament messages (docs/PROTOCOL.md,
 * "Tournaments"): scripted frames of one entrant's view of an event, from the list through
 * registration, a round with a bye elsewhere, its own table game by game with an extra game
 * and a lot, the wait, the standings and the end; then another event's frames, a new
 * snapshot, and malformed frames, which leave neutral values and never crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "testutil.h"
#include "ddz/client.h"

static DdzClientEvent feed(DdzClient *c, const char *text) { return ddz_client_feed(c, text, strlen(text)); }

static void an_entrants_whole_event_is_followed(void **state)
{
    (void)state;
    DdzClient c;
    ddz_client_init(&c);
    assert_null(c.tour);
    assert_int_equal(feed(&c, "{\"type\":\"tournaments\",\"tournaments\":[{\"id\":1,\"name\":\"周末杯\",\"state\":"
                              "\"registering\",\"players\":7,\"registered\":6,\"start\":null,\"round\":0,\"winner\":null},"
                              "{\"id\":2,\"name\":\"old\",\"state\":\"finished\",\"players\":3,\"registered\":3,\"start\":"
                              "1796090000000,\"round\":1,\"winner\":\"ann\"}]}"),
                     DDZ_EV_TOUR);
    assert_non_null(c.tour);
    DdzClientTour *t = c.tour;
    assert_int_equal(t->nlist, 2);
    assert_string_equal(t->list[0].name, "周末杯");
    assert_true(t->list[0].start_ms == -1);
    assert_true(t->list[1].start_ms == 1796090000000LL);
    assert_string_equal(t->list[1].winner, "ann");
    assert_int_equal(t->id, 0);
    assert_int_equal(t->you, -1);
    /* Registering: the snapshot with our entrant number. */
    assert_int_equal(feed(&c, "{\"type\":\"tour\",\"tournament\":{\"id\":1,\"name\":\"周末杯\",\"state\":\"registering\","
                              "\"players\":7,\"registered\":7,\"start\":null,\"round\":0,\"winner\":null,\"options\":"
                              "\"rules=standard,packet\",\"groups\":1,\"games\":2,\"turn\":30,\"fill\":null,\"pause\":1,"
                              "\"entrants\":[{\"name\":\"a\",\"player\":1,\"online\":true},{\"name\":\"b\",\"player\":2,"
                              "\"online\":false},{\"name\":\"c\",\"player\":3,\"online\":true},{\"name\":\"d\",\"player\":4,"
                              "\"online\":true},{\"name\":\"e\",\"player\":5,\"online\":true},{\"name\":\"f\",\"player\":6,"
                              "\"online\":true},{\"name\":\"me\",\"player\":7,\"online\":true}],\"stages\":[\"\"],"
                              "\"bracket\":null,\"standings\":[]},\"you\":6}"),
                     DDZ_EV_TOUR);
    assert_int_equal(t->id, 1);
    assert_int_equal(t->you, 6);
    assert_int_equal(t->nentrants, 7);
    assert_string_equal(ddz_client_tour_name(t, 6), "me");
    assert_string_equal(ddz_client_tour_name(t, 7), "?");
    assert_string_equal(ddz_client_tour_name(t, -1), "?");
    assert_false(t->online[1]);
    assert_int_equal(t->games, 2);
    assert_int_equal(t->turn, 30);
    assert_int_equal(t->pause, 1);
    assert_string_equal(t->options, "rules=standard,packet");
    assert_string_equal(t->sum.state, "registering");
    assert_int_equal(t->ntables, 0);
    feed(&c, "{\"type\":\"tour_wait\",\"tournament\":1,\"stage\":0,\"round\":0,\"reason\":\"registered\",\"advanced\":false}");
    assert_string_equal(t->wait, "registered");
    /* The start: round 1 with a bye for entrant 2; we sit at table 2, seat 0. */
    feed(&c, "{\"type\":\"tour_round\",\"tournament\":1,\"stage\":0,\"name\":\"\",\"round\":1,\"byes\":[2],\"tables\":["
             "{\"table\":1,\"room\":11,\"players\":[0,1,3],\"completer\":-1},"
             "{\"table\":2,\"room\":12,\"players\":[6,4,5],\"completer\":-1}]}");
    assert_string_equal(t->sum.state, "running");
    assert_int_equal(t->round, 1);
    assert_int_equal(t->ntables, 2);
    assert_int_equal(t->nbyes, 1);
    assert_int_equal(t->byes[0], 2);
    assert_int_equal(t->tables[1].room, 12);
    assert_int_equal(t->tables[1].winner, -1);
    assert_int_equal(t->nrounds, 1);
    assert_int_equal(t->rounds[0].your_table, 2);
    assert_false(t->rounds[0].your_bye);
    assert_int_equal(t->rounds[0].players, 7);
    feed(&c, "{\"type\":\"tour_seat\",\"tournament\":1,\"stage\":0,\"round\":1,\"table\":2,\"room\":12,\"seat\":0,"
             "\"game\":1,\"games\":2}");
    assert_true(t->seated);
    assert_int_equal(t->seat_table, 2);
    assert_int_equal(t->seat_room, 12);
    assert_int_equal(t->next_game, 1);
    assert_string_equal(t->wait, "");
    /* The room of the table says which event it belongs to. */
    feed(&c, "{\"type\":\"room\",\"room\":{\"id\":12,\"name\":\"周末杯 1-2\",\"tournament\":1,\"table\":\"round 1 table 2\","
             "\"options\":\"rules=standard\",\"seats\":[{\"name\":\"me\"},{\"name\":\"e\"},{\"name\":\"f\"}]},\"seat\":0}");
    assert_int_equal(c.room, 12);
    assert_int_equal(c.room_tour, 1);
    /* Game by game: tied after 2, an extra game, still tied: by lot. */
    feed(&c, "{\"type\":\"tour_table\",\"tournament\":1,\"stage\":0,\"round\":1,\"table\":2,\"room\":12,\"played\":1,"
             "\"scores\":[2,-4,2],\"extra\":null,\"lot\":false,\"winner\":-1,\"state\":\"playing\"}");
    assert_int_equal(t->tables[1].played, 1);
    assert_int_equal(t->tables[1].scores[1], -4);
    assert_int_equal(t->next_game, 2);
    feed(&c, "{\"type\":\"tour_table\",\"tournament\":1,\"stage\":0,\"round\":1,\"table\":2,\"room\":12,\"played\":2,"
             "\"scores\":[4,-8,4],\"extra\":null,\"lot\":false,\"winner\":-1,\"state\":\"extra\"}");
    assert_string_equal(t->tables[1].state, "extra");
    assert_int_equal(t->next_game, 3); /* > games: the extra game */
    feed(&c, "{\"type\":\"tour_table\",\"tournament\":1,\"stage\":0,\"round\":1,\"table\":2,\"room\":12,\"played\":3,"
             "\"scores\":[4,-8,4],\"extra\":[0,0,0],\"lot\":true,\"winner\":6,\"state\":\"finished\"}");
    assert_true(t->tables[1].has_extra);
    assert_true(t->tables[1].lot);
    assert_int_equal(t->tables[1].winner, 6);
    assert_int_equal(t->rounds[0].winner, 6);
    /* Another table's progress goes to that table only. */
    feed(&c, "{\"type\":\"tour_table\",\"tournament\":1,\"stage\":0,\"round\":1,\"table\":1,\"room\":11,\"played\":2,"
             "\"scores\":[5,-6,1],\"extra\":null,\"lot\":false,\"winner\":0,\"state\":\"finished\"}");
    assert_int_equal(t->tables[0].winner, 0);
    assert_false(t->tables[0].lot);
    assert_int_equal(t->tables[1].winner, 6);
    feed(&c, "{\"type\":\"left\",\"room\":12,\"reason\":\"tournament\"}");
    assert_int_equal(c.room, 0);
    assert_int_equal(c.room_tour, 0);
    feed(&c, "{\"type\":\"tour_wait\",\"tournament\":1,\"stage\":0,\"round\":1,\"reason\":\"table_finished\","
             "\"advanced\":true}");
    assert_false(t->seated);
    assert_string_equal(t->wait, "table_finished");
    assert_true(t->advanced);
    feed(&c, "{\"type\":\"tour_standings\",\"tournament\":1,\"final\":false,\"standings\":[[0,1,0,1,5,\"waiting\"],"
             "[6,2,0,1,4,\"waiting\"],[2,3,0,1,0,\"waiting\"],[3,4,0,1,1,\"out\"]]}");
    assert_int_equal(t->nstandings, 4);
    assert_int_equal(t->standings[1].entrant, 6);
    assert_int_equal(t->standings[1].rank, 2);
    assert_string_equal(t->standings[3].status, "out");
    assert_false(t->final);
    /* Round 2: a table of three; we lose it; the end. */
    feed(&c, "{\"type\":\"tour_round\",\"tournament\":1,\"stage\":0,\"name\":\"\",\"round\":2,\"byes\":[],\"tables\":["
             "{\"table\":1,\"room\":13,\"players\":[2,6,0],\"completer\":-1}]}");
    assert_int_equal(t->nrounds, 2);
    assert_int_equal(t->rounds[1].your_table, 1);
    assert_int_equal(t->nbyes, 0);
    feed(&c, "{\"type\":\"tour_wait\",\"tournament\":1,\"stage\":0,\"round\":2,\"reason\":\"out\",\"advanced\":false}");
    feed(&c, "{\"type\":\"tour_standings\",\"tournament\":1,\"final\":true,\"standings\":[[2,1,0,2,9,\"winner\"],"
             "[6,2,0,2,-1,\"out\"]]}");
    assert_true(t->final);
    assert_int_equal(feed(&c, "{\"type\":\"tour_over\",\"tournament\":1,\"winner\":2,\"name\":\"c\",\"seed256\":\""
                              "5b0e000000000000000000000000000000000000000000000000000000000001\",\"games\":9}"),
                     DDZ_EV_TOUR);
    assert_true(t->over);
    assert_int_equal(t->winner, 2);
    assert_string_equal(t->winner_name, "c");
    assert_string_equal(t->sum.state, "finished");
    assert_int_equal(t->total_games, 9);
    assert_int_equal((int)strlen(t->seed256), 64);
    assert_int_equal(c.leaks, 0);
    ddz_client_free(&c);
    assert_null(c.tour);
}

static void other_events_and_bad_frames_change_nothing_they_should_not(void **state)
{
    (void)state;
    DdzClient c;
    ddz_client_init(&c);
    feed(&c, "{\"type\":\"tour\",\"tournament\":{\"id\":3,\"name\":\"x\",\"state\":\"running\",\"players\":3,"
             "\"entrants\":[{\"name\":\"a\",\"bot\":\"normal\",\"online\":true},{\"name\":\"b\"},{\"name\":\"c\"}],"
             "\"stages\":[\"A\",\"B\",\"final\"],\"bracket\":{\"stage\":2,\"name\":\"final\",\"round\":1,\"byes\":[],"
             "\"tables\":[{\"table\":1,\"room\":5,\"players\":[0,1,2],\"completer\":-1,\"played\":1,\"scores\":[1,1,-2],"
             "\"extra\":null,\"lot\":false,\"winner\":-1,\"state\":\"playing\"}]},\"standings\":[]},\"you\":-1}");
    DdzClientTour *t = c.tour;
    assert_non_null(t);
    assert_int_equal(t->id, 3);
    assert_true(t->bot[0]);
    assert_false(t->bot[1]);
    assert_int_equal(t->nstages, 3);
    assert_string_equal(t->stage_name, "final");
    assert_int_equal(t->ntables, 1);
    assert_int_equal(t->tables[0].played, 1); /* the bracket carries each table's progress */
    assert_int_equal(t->tables[0].scores[2], -2);
    /* Another event's messages are not ours. */
    feed(&c, "{\"type\":\"tour_table\",\"tournament\":4,\"stage\":2,\"round\":1,\"table\":1,\"played\":2,"
             "\"scores\":[9,9,9],\"winner\":0,\"state\":\"finished\"}");
    assert_int_equal(t->tables[0].played, 1);
    feed(&c, "{\"type\":\"tour_over\",\"tournament\":4,\"winner\":0,\"name\":\"z\"}");
    assert_false(t->over);
    /* A table of another round is not this round's. */
    feed(&c, "{\"type\":\"tour_table\",\"tournament\":3,\"stage\":1,\"round\":1,\"table\":1,\"played\":2,"
             "\"scores\":[9,9,9],\"winner\":0,\"state\":\"finished\"}");
    assert_int_equal(t->tables[0].played, 1);
    /* Malformed: no tournament object; wrong types; too many entrants. */
    assert_int_equal(feed(&c, "{\"type\":\"tour\",\"tournament\":7}"), DDZ_EV_BAD);
    assert_int_equal(t->id, 3);
    feed(&c, "{\"type\":\"tour_round\",\"tournament\":3,\"stage\":\"x\",\"round\":[],\"byes\":{},\"tables\":["
             "{\"table\":\"1\",\"players\":[\"a\",null]},7]}");
    assert_int_equal(t->ntables, 2);
    assert_int_equal(t->tables[0].players[0], -1);
    assert_int_equal(t->tables[0].players[2], -1);
    assert_int_equal(t->tables[1].completer, -1);
    assert_string_equal(ddz_client_tour_name(t, t->tables[0].players[0]), "?");
    feed(&c, "{\"type\":\"tour_standings\",\"tournament\":3,\"standings\":[7,[1],[\"a\",2,3,4,5,6],[2,1,0,1,3,\"winner\"]]}");
    assert_int_equal(t->nstandings, 3);
    assert_int_equal(t->standings[0].rank, 0);
    assert_string_equal(t->standings[2].status, "winner");
    json_t *ents = json_array();
    for (int i = 0; i < DDZ_CLIENT_TOUR_MAX + 20; i++)
        json_array_append_new(ents, json_pack("{s:s}", "name", "p"));
    json_t *m = json_pack("{s:s,s:{s:i,s:s,s:o},s:i}", "type", "tour", "tournament", "id", 3, "state", "registering",
                          "entrants", ents, "you", 2);
    assert_int_equal(ddz_client_feed_json(&c, m), DDZ_EV_TOUR);
    json_decref(m);
    assert_int_equal(t->nentrants, DDZ_CLIENT_TOUR_MAX);
    assert_int_equal(t->you, 2);
    /* A snapshot of another event forgets this one, but not the list. */
    feed(&c, "{\"type\":\"tournaments\",\"tournaments\":[{\"id\":3,\"name\":\"x\"}]}");
    feed(&c, "{\"type\":\"tour\",\"tournament\":{\"id\":8,\"name\":\"y\",\"state\":\"registering\"},\"you\":-1}");
    assert_int_equal(t->id, 8);
    assert_int_equal(t->ntables, 0);
    assert_int_equal(t->nstandings, 0);
    assert_int_equal(t->nrounds, 0);
    assert_int_equal(t->nlist, 1);
    feed(&c, "{\"type\":\"tour_over\",\"tournament\":8,\"state\":\"cancelled\"}");
    assert_true(t->over);
    assert_int_equal(t->winner, -1);
    assert_string_equal(t->sum.state, "cancelled");
    feed(&c, "{\"type\":\"tour_unwatched\",\"tournament\":8}");
    assert_int_equal(t->id, 0);
    ddz_client_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(an_entrants_whole_event_is_followed),
        cmocka_unit_test(other_events_and_bad_frames_change_nothing_they_should_not),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
