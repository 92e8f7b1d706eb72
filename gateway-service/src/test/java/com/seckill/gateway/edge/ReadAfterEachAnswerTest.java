package com.seckill.gateway.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import org.junit.jupiter.api.Test;

class ReadAfterEachAnswerTest {

    /** Counts the reads asked of the connection (what reaches the socket's end of the pipeline). */
    private static final class Reads extends ChannelOutboundHandlerAdapter {
        int count;

        @Override
        public void read(ChannelHandlerContext ctx) {
            count++;
            ctx.read();
        }
    }

    private Reads reads;

    private EmbeddedChannel connection(boolean autoRead) {
        reads = new Reads();
        EmbeddedChannel channel = new EmbeddedChannel(reads, new ReadAfterEachAnswer());
        channel.config().setAutoRead(autoRead);
        reads.count = 0;
        return channel;
    }

    @Test
    void theNextRequestIsAskedForOnceAnAnswerHasEnded() {
        EmbeddedChannel channel = connection(false);

        channel.writeOutbound(new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK),
                new DefaultHttpContent(Unpooled.wrappedBuffer(new byte[] {1})));
        channel.runPendingTasks();
        assertThat(reads.count).as("the answer has not ended").isZero();

        channel.writeOutbound(LastHttpContent.EMPTY_LAST_CONTENT);
        channel.runPendingTasks();
        assertThat(reads.count).isEqualTo(1);

        channel.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        channel.runPendingTasks();
        assertThat(reads.count).as("a whole answer ends too").isEqualTo(2);
        channel.finishAndReleaseAll();
    }

    @Test
    void aConnectionThatReadsByItselfIsLeftAlone() {
        EmbeddedChannel reading = connection(true);
        reading.writeOutbound(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK));
        reading.runPendingTasks();
        assertThat(reads.count).isZero();
        reading.finishAndReleaseAll();
    }
}
