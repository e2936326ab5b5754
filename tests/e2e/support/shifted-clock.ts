/**
 * Preloaded into the e2e site's server (`node --import`) when a test needs another time of
 * day than the real one: every `Date` the server makes is E2E_CLOCK_OFFSET_MS later. Only
 * the tests load it; the product has no such switch.
 */
const offsetMs = Number(process.env.E2E_CLOCK_OFFSET_MS ?? '0');
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...(args));
  }

  static override now(): number {
    return RealDate.now() + offsetMs;
  }
}

globalThis.Date = ShiftedDate as DateConstructor;
