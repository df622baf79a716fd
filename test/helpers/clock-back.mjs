/**
 * A preloaded module (`node --import`) that moves the process's clock, as an insider with the
 * machine would (issue 48): `Date` starts at CLOCK_BACK_AT and runs on from there. It is what
 * TEST_CLOCK_OFFSET's refusal in production cannot stop, so the draw must hold without trusting it.
 */
const RealDate = Date;
const startAt = RealDate.parse(process.env.CLOCK_BACK_AT ?? '');
if (Number.isNaN(startAt)) throw new Error('clock-back.mjs: CLOCK_BACK_AT must be an ISO time');
const startedAt = RealDate.now();
const now = () => startAt + (RealDate.now() - startedAt);

class MovedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }
  static now() {
    return now();
  }
}
globalThis.Date = MovedDate;
