package com.seckill.common.trust;

import java.text.ParseException;
import java.time.Instant;
import java.util.Date;
import java.util.OptionalLong;

/**
 * What the waiting room hands a shopper (contract §11), signed with the platform's key for one user
 * and one activity, so that it can be checked without Redis:
 * <ul>
 *   <li>an <b>admission</b>: the shopper may ask for a purchase path until its expiry; the gateway
 *       checks it on {@code POST /api/seckill/{aid}/token} ({@code X-Seckill-Admission}), and so does
 *       seckill-service;</li>
 *   <li>a <b>ticket</b>: the shopper's join number, given back on every poll, so that a place survives
 *       a Redis that lost it.</li>
 * </ul>
 * Both are compact HS256 JWTs (Nimbus, {@link ShopperJwts}), audiences {@code seckill-admission} (with
 * {@code exp}) and {@code seckill-ticket} (with the join number, {@code n}).
 */
public final class QueueTokens {

    /** Request header carrying the admission. */
    public static final String ADMISSION_HEADER = "X-Seckill-Admission";
    /** Request header carrying the ticket on polls. */
    public static final String TICKET_HEADER = "X-Seckill-Ticket";

    private static final String JOIN_NUMBER = "n";

    private final ShopperJwts admissions;
    private final ShopperJwts tickets;

    public QueueTokens(InternalTokens key) {
        this.admissions = new ShopperJwts(key, "seckill-admission");
        this.tickets = new ShopperJwts(key, "seckill-ticket");
    }

    public String admission(long activityId, long userId, Instant expiresAt) {
        return admissions.sign(activityId, userId, claims -> claims.expirationTime(Date.from(expiresAt)));
    }

    /** Whether the admission was given to this user for this activity and has not expired. */
    public boolean isAdmitted(String admission, long activityId, long userId, Instant now) {
        return admissions.verify(admission, activityId, userId)
                .map(claims -> ShopperJwts.unexpired(claims, now))
                .orElse(false);
    }

    public String ticket(long activityId, long userId, long joinNumber) {
        return tickets.sign(activityId, userId, claims -> claims.claim(JOIN_NUMBER, joinNumber));
    }

    /** The join number a ticket was signed with, for this user and activity; empty when it is not ours. */
    public OptionalLong joinNumber(String ticket, long activityId, long userId) {
        return tickets.verify(ticket, activityId, userId).map(claims -> {
            try {
                Long number = claims.getLongClaim(JOIN_NUMBER);
                return number == null ? OptionalLong.empty() : OptionalLong.of(number);
            } catch (ParseException e) {
                return OptionalLong.empty();
            }
        }).orElse(OptionalLong.empty());
    }
}
