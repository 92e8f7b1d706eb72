package com.seckill.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClientAddressesTest {

    private static InetAddress ip(String text) {
        return ClientAddresses.literal(text);
    }

    private static String resolve(List<String> trusted, String peer, String... forwarded) {
        return ClientAddresses.canonical(new ClientAddresses(new ClientProperties(trusted)).resolve(ip(peer), List.of(forwarded)));
    }

    @Test
    void withoutTrustedProxiesForwardedForIsIgnored() {
        assertThat(resolve(List.of(), "203.0.113.5", "198.51.100.1")).isEqualTo("203.0.113.5");
    }

    @Test
    void forwardedForFromAnUntrustedPeerIsIgnored() {
        assertThat(resolve(List.of("10.0.0.1"), "203.0.113.5", "198.51.100.1")).isEqualTo("203.0.113.5");
    }

    @Test
    void trustedProxyNamesTheClient() {
        assertThat(resolve(List.of("10.0.0.1"), "10.0.0.1", "198.51.100.1")).isEqualTo("198.51.100.1");
    }

    @Test
    void addressesAClientPrependedAreNotBelieved() {
        // The client wrote "1.2.3.4"; our proxy appended the address it saw.
        assertThat(resolve(List.of("10.0.0.0/8"), "10.0.0.1", "1.2.3.4, 198.51.100.1")).isEqualTo("198.51.100.1");
    }

    @Test
    void chainsOfTrustedProxiesAreWalkedFromTheRight() {
        assertThat(resolve(List.of("10.0.0.0/8"), "10.0.0.1", "198.51.100.1, 10.1.2.3", "10.4.5.6")).isEqualTo("198.51.100.1");
    }

    @Test
    void garbledHopStopsTheWalkAtTheLastVouchedAddress() {
        assertThat(resolve(List.of("10.0.0.0/8"), "10.0.0.1", "198.51.100.1, not-an-ip")).isEqualTo("10.0.0.1");
        assertThat(resolve(List.of("10.0.0.0/8"), "10.0.0.1", "evil.example.com")).isEqualTo("10.0.0.1");
    }

    @Test
    void portsAndBracketsAreStrippedAndIpv6IsCanonical() {
        assertThat(resolve(List.of("::1"), "::1", "198.51.100.1:4321")).isEqualTo("198.51.100.1");
        assertThat(resolve(List.of("::1"), "::1", "[2001:DB8:0:0::7]:443")).isEqualTo("2001:db8::7");
        assertThat(resolve(List.of(), "::ffff:198.51.100.1")).isEqualTo("198.51.100.1");
    }

    @Test
    void literalsOnlyNeverHostNames() {
        assertThat(ClientAddresses.canonicalLiteral("localhost")).isEmpty();
        assertThat(ClientAddresses.canonicalLiteral("999.1.1.1")).isEmpty();
        assertThat(ClientAddresses.canonicalLiteral("fe80::1%eth0")).isEmpty();
        assertThat(ClientAddresses.canonicalLiteral(" 2001:DB8::7 ")).contains("2001:db8::7");
    }

    @Test
    void badTrustedProxySettingFailsStartUp() {
        assertThatThrownBy(() -> new ClientAddresses(new ClientProperties(List.of("proxy.internal"))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ClientAddresses(new ClientProperties(List.of("10.0.0.0/33"))))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
