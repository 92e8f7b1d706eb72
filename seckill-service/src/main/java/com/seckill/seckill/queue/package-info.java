/**
 * The waiting room (contract §11): shoppers join before or after the start, get a fair place (drawn at
 * the start for the early ones, first come first served after), see where they stand, and are admitted
 * at the activity's rate with a signed admission that opens the purchase path.
 */
package com.seckill.seckill.queue;
