/** Set by the build (wxt.config.ts): the tricks a bench build goes without; '' in every other build. */
declare const __DC_WITHOUT__: string | undefined;

/**
 * The fast-opening tricks a bench build can go without at run time, each measured alone
 * (bench/support/trick-builds.ts). `few-files` is the build's own switch, read in wxt.config.ts.
 */
export type Trick = 'early-requests' | 'checks-after-paint' | 'picture';

/** Whether this build goes without `trick`: only a bench build made to measure it does. */
export function builtWithout(trick: Trick): boolean {
  return typeof __DC_WITHOUT__ === 'string' && __DC_WITHOUT__.split(',').includes(trick);
}
