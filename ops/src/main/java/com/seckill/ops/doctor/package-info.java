/** {@code ./seckill doctor}: the pre-launch checklist of a sale as a command, one line per check. */
package com.seckill.ops.doctor;
