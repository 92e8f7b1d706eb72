package com.seckill.seckill.activity;

import com.seckill.seckill.Refusals;
import com.seckill.seckill.audit.AuditLog;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/** Operator use cases: define an activity, warm it up, list and read activities ({@link ActivityInspector} reads their figures). */
@Service
public class ActivityService {

    private static final Logger log = LoggerFactory.getLogger(ActivityService.class);

    private final ActivityMapper mapper;
    private final ActivityCatalog catalog;
    private final ActivityWarmer warmer;
    private final AuditLog audit;
    private final ActivityStore store;

    ActivityService(ActivityMapper mapper, ActivityCatalog catalog, ActivityWarmer warmer, AuditLog audit, ActivityStore store) {
        this.mapper = mapper;
        this.catalog = catalog;
        this.warmer = warmer;
        this.audit = audit;
        this.store = store;
    }

    ActivityView create(CreateActivityRequest request, long adminId) {
        WaitingRoomSettings room = request.hasWaitingRoom() ? request.waitingRoom().settings(QueueSeeds.next()) : null;
        // committed before the catalog shows it: a catalog refresh meanwhile must find the row
        Activity activity = store.insert(new NewActivity(request), room, adminId);
        catalog.add(activity, room);
        try {
            warmer.warmNew(activity);
        } catch (RuntimeException e) {
            // The activity exists in MySQL; the scheduled warm-up loads it once Redis answers.
            log.warn("Activity {} created but not warmed yet: {}", activity.id(), e.toString());
        }
        return catalog.view(activity.id()).orElseThrow();
    }

    void warmUp(long id, long adminId) {
        warmer.warm(require(id));
        audit.record(adminId, AuditLog.WARM_UP, id, null, null);
    }

    /** The activity as MySQL has it; 404 NOT_FOUND when there is none. */
    public Activity require(long id) {
        Activity activity = mapper.findById(id);
        if (activity == null) {
            throw new Refusals.UnknownActivity(id);
        }
        return activity;
    }

    List<ActivityView> list() {
        return catalog.views();
    }

    ActivityView get(long id) {
        return catalog.view(id).orElseThrow(() -> new Refusals.UnknownActivity(id));
    }
}
