/**
 * Input rules every service applies at its edge (contract §8, invariant 6): text a person can see
 * and MySQL can store, instants inside a business window (and so inside what MySQL stores).
 */
package com.seckill.common.validation;
