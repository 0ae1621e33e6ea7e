// What passed, what failed and why, printed as it happens and summed up at the end.

export class CheckFailure extends Error {}

/** Fails the current check with `message` unless `condition` holds. */
export function assert(condition, message) {
  if (!condition) throw new CheckFailure(message);
}

export class Report {
  constructor() {
    this.passed = [];
    this.failed = [];
    this.notes = [];
  }

  /** Runs one check: passes when `fn` returns (its string, if any, is shown), fails when it throws. */
  async check(name, fn) {
    try {
      const detail = await fn();
      this.pass(name, detail);
    } catch (e) {
      this.fail(name, e instanceof CheckFailure ? e.message : (e && e.stack) || String(e));
    }
  }

  pass(name, detail) {
    const line = detail ? `${name}: ${detail}` : name;
    this.passed.push(line);
    console.log(`ok    ${line}`);
  }

  fail(name, detail) {
    this.failed.push({ name, detail });
    console.log(`FAIL  ${name}`);
    for (const line of String(detail).split('\n')) console.log(`      ${line}`);
  }

  note(text) {
    this.notes.push(text);
    console.log(`note  ${text}`);
  }

  /** Prints the totals and the failures again; true when nothing failed. */
  summary() {
    console.log(`\n${this.passed.length} passed, ${this.failed.length} failed`);
    if (this.failed.length) {
      console.log('\nFailures:');
      this.failed.forEach((f, i) => {
        console.log(`${i + 1}. ${f.name}`);
        for (const line of String(f.detail).split('\n')) console.log(`   ${line}`);
      });
    }
    return this.failed.length === 0;
  }
}

/** A heap's place as the page says it ("first", "second", "11th"), as a number counted from 1. */
export function placeOf(word) {
  const words = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  const at = words.indexOf(word);
  return at >= 0 ? at + 1 : Number.parseInt(word, 10);
}
