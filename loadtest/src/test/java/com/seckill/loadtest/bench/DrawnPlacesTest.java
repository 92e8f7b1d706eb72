package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DrawnPlacesTest {

    private static final String PAGE = """
            {"seed":"k3y","drawn":3,"listed":3,"from":1,"places":[{"place":1,"joinNumber":3,"userId":503},\
            {"place":2,"joinNumber":1,"userId":501},{"place":3,"joinNumber":2,"userId":502}]}""";

    @Test
    void aPageOfTheDrawGivesEachUsersPlaceAndItsLastPlace() {
        Map<Long, Long> places = new HashMap<>();
        assertThat(DrawnPlaces.parse(PAGE, places)).isEqualTo(3);
        assertThat(places).containsExactlyInAnyOrderEntriesOf(Map.of(503L, 1L, 501L, 2L, 502L, 3L));
        assertThat(DrawnPlaces.parse("{\"seed\":\"k3y\",\"drawn\":3,\"listed\":3,\"from\":4,\"places\":[]}", places)).as("past the end").isZero();
    }

    @Test
    void theJoinOrderIsPairedWithThePlaceOfTheSameShopperAndOnlyForThoseDrawn() {
        Map<Long, Long> joinedAt = Map.of(501L, 100L, 502L, 200L, 503L, 300L, 504L, 400L);
        Map<Long, Long> drawn = Map.of(503L, 1L, 501L, 2L, 502L, 3L);
        List<long[]> pairs = DrawnPlaces.joinOrderAgainstPlace(joinedAt, drawn);
        assertThat(pairs).extracting(p -> p[0] + ":" + p[1]).containsExactlyInAnyOrder("100:2", "200:3", "300:1");
    }

    @Test
    void aPlaceToldIsConfirmedOnlyWhenTheDrawShowsTheSameShopperThere() {
        Map<Long, Long> drawn = Map.of(503L, 1L, 501L, 2L, 502L, 3L);
        assertThat(DrawnPlaces.confirmed(Map.of(501L, 2L, 502L, 3L), drawn)).isEqualTo(2);
        assertThat(DrawnPlaces.confirmed(Map.of(501L, 3L, 509L, 1L), drawn)).isZero();
    }
}
