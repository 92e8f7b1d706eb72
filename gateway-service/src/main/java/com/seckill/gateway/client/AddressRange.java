package com.seckill.gateway.client;

import io.netty.util.NetUtil;
import java.net.InetAddress;
import java.net.UnknownHostException;

/** One address or a CIDR range such as {@code 10.0.0.0/8}; parsed without any DNS lookup. */
record AddressRange(byte[] network, int prefixBits) {

    static AddressRange parse(String spec) {
        String trimmed = spec.strip();
        int slash = trimmed.indexOf('/');
        InetAddress address = ClientAddresses.literal(slash < 0 ? trimmed : trimmed.substring(0, slash));
        if (address == null) {
            throw new IllegalArgumentException("Not an IP address or CIDR range: " + spec);
        }
        byte[] bytes = address.getAddress();
        int bits = bytes.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(trimmed.substring(slash + 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Bad prefix length in " + spec);
            }
            if (bits < 0 || bits > bytes.length * 8) {
                throw new IllegalArgumentException("Bad prefix length in " + spec);
            }
        }
        return new AddressRange(bytes, bits);
    }

    boolean contains(InetAddress address) {
        byte[] candidate = address.getAddress();
        if (candidate.length != network.length) {
            return false;
        }
        int full = prefixBits / 8;
        for (int i = 0; i < full; i++) {
            if (candidate[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixBits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xFF << (8 - rest) & 0xFF;
        return (candidate[full] & mask) == (network[full] & mask);
    }

    static InetAddress fromBytes(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("Not an address: " + NetUtil.bytesToIpAddress(bytes), e);
        }
    }
}
