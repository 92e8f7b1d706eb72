package com.seckill.dbonly;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /api/buy/{activityId}}: 200 BOUGHT when the UPDATE took a unit, 410 SOLD_OUT when none was left. */
@RestController
class BuyController {

    private final JdbcTemplate jdbc;

    BuyController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @PostMapping("/api/buy/{activityId}")
    ResponseEntity<Map<String, String>> buy(@PathVariable long activityId) {
        int taken = jdbc.update("UPDATE db_only_stock SET stock = stock - 1 WHERE id = ? AND stock > 0", activityId);
        return taken == 1 ? ResponseEntity.ok(Map.of("code", "BOUGHT"))
                : ResponseEntity.status(HttpStatus.GONE).body(Map.of("code", "SOLD_OUT"));
    }
}
