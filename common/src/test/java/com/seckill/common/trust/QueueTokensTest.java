package com.seckill.common.trust;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class QueueTokensTest {

    private static final Instant NOW = Instant.parse("2026-12-05T10:00:00Z");
    private final InternalTokens key = new InternalTokens(InternalTokens.DEVELOPMENT_SECRET, true);
    private final QueueTokens tokens = new QueueTokens(key);

    @Test
    void anAdmissionAdmitsItsUserToItsSaleUntilItExpires() {
        String admission = tokens.admission(7, 10001, NOW.plusSeconds(120));

        assertThat(tokens.isAdmitted(admission, 7, 10001, NOW.plusSeconds(120))).isTrue();
        assertThat(tokens.isAdmitted(admission, 7, 10001, NOW.plusSeconds(121))).as("expired").isFalse();
        assertThat(tokens.isAdmitted(admission, 7, 10002, NOW)).as("another user").isFalse();
        assertThat(tokens.isAdmitted(admission, 8, 10001, NOW)).as("another sale").isFalse();
        assertThat(new QueueTokens(new InternalTokens("another-secret-of-at-least-thirty-two-bytes", false))
                .isAdmitted(admission, 7, 10001, NOW)).as("another key").isFalse();
    }

    @Test
    void aTicketGivesBackItsJoinNumberToItsHolderOnly() {
        String ticket = tokens.ticket(7, 10001, 1234);

        assertThat(tokens.joinNumber(ticket, 7, 10001)).hasValue(1234);
        assertThat(tokens.joinNumber(ticket, 7, 10002)).isEmpty();
        assertThat(tokens.joinNumber(ticket, 8, 10001)).isEmpty();
    }

    @Test
    void aTicketIsNoAdmissionNorAnAdmissionATicket() {
        assertThat(tokens.isAdmitted(tokens.ticket(7, 10001, 1), 7, 10001, NOW)).isFalse();
        assertThat(tokens.joinNumber(tokens.admission(7, 10001, NOW.plusSeconds(60)), 7, 10001)).isEmpty();
    }

    @Test
    void forgedOrMalformedValuesAreRefused() {
        String ticket = tokens.ticket(7, 10001, 5);
        String[] parts = ticket.split("\\.");
        String forged = parts[0] + "." + tokens.ticket(7, 10001, 1).split("\\.")[1] + "." + parts[2];

        assertThat(tokens.joinNumber(forged, 7, 10001)).as("another payload under this signature").isEmpty();
        for (String value : new String[] {null, "", "x", "a.b.c", "x".repeat(5000)}) {
            assertThat(tokens.joinNumber(value, 7, 10001)).as(String.valueOf(value)).isEmpty();
            assertThat(tokens.isAdmitted(value, 7, 10001, NOW)).as(String.valueOf(value)).isFalse();
        }
    }
}
