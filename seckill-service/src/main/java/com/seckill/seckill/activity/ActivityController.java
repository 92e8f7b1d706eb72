package com.seckill.seckill.activity;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Shopper browsing and operator administration of activities; the gateway enforces the ADMIN role. */
@RestController
@Validated
class ActivityController {

    private final ActivityService service;

    ActivityController(ActivityService service) {
        this.service = service;
    }

    @GetMapping("/api/activities")
    List<ActivityView> list() {
        return service.list();
    }

    @GetMapping("/api/activities/{id}")
    ActivityView get(@PathVariable @Positive long id) {
        return service.get(id);
    }

    @PostMapping("/api/admin/activities")
    @ResponseStatus(HttpStatus.CREATED)
    ActivityView create(@RequestBody @Valid CreateActivityRequest request) {
        return service.create(request);
    }

    @PostMapping("/api/admin/activities/{id}/warmup")
    ActivityStats warmUp(@PathVariable @Positive long id) {
        service.warmUp(id);
        return service.stats(id);
    }

    /** Compares Redis with MySQL now and repairs Redis when nothing is in flight. */
    @PostMapping("/api/admin/activities/{id}/reconcile")
    ActivityStats reconcile(@PathVariable @Positive long id) {
        service.reconcile(id);
        return service.stats(id);
    }

    @GetMapping("/api/admin/activities/{id}/stats")
    ActivityStats stats(@PathVariable @Positive long id) {
        return service.stats(id);
    }
}
