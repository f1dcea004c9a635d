import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadSeedAssets, type SeedAssets } from '../../demo/server/sign/documents.js';
import type { Practice } from '../../demo/server/sign/model.js';
import { SEED_IDS, seedPractices, type SeedPractice } from '../../demo/server/sign/seed.js';

// The signing simulator's seeded practices (data/practices.json) as the store receives them: what
// tests and screenshots rely on holds, and a mistake made editing the file by hand stops the
// loader with the practice and the field.

const FILE = new URL('../../demo/server/sign/data/practices.json', import.meta.url);
/** A fresh, editable copy of the file's practices. */
const data = () => (JSON.parse(readFileSync(FILE, 'utf8')) as { practices: SeedPractice[] }).practices;

type Area = Record<string, unknown> & { document: number; page: number };

let assets: SeedAssets;
let practices: Practice[];

before(async () => {
  assets = await loadSeedAssets();
  practices = seedPractices(data(), assets);
});

/** Every signature area and placeholder of a practice, with where it is written. */
function areasOf(p: Practice): Array<{ where: string; area: Area }> {
  const list = (where: string, areas: unknown[]) =>
    areas.map((area, i) => ({ where: `${where}[${i}]`, area: area as Area }));
  return [
    ...list(`${p.idFile} placeholders`, p.placeholders),
    ...p.signers.flatMap((s, n) => [
      ...list(`${p.idFile} signers[${n}].signatureCoordinates`, s.signatureCoordinates),
      ...list(`${p.idFile} signers[${n}].placeholders`, s.placeholders),
    ]),
  ];
}

describe('sign simulator: the seeded practices', () => {
  it('seeds every practice SEED_IDS names, each id and signing token used once', () => {
    const ids = practices.map((p) => p.idFile);
    assert.deepEqual([...new Set(ids)], ids);
    for (const id of Object.values(SEED_IDS)) assert.ok(ids.includes(id), `practice ${id} is seeded`);
    const documents = practices.flatMap((p) => p.documents.map((d) => d.idDocument));
    const signers = practices.flatMap((p) => p.signers.map((s) => s.idSigner));
    const tokens = practices.flatMap((p) => p.signers.map((s) => s.token));
    for (const list of [documents, signers, tokens] as unknown[][]) assert.equal(new Set(list).size, list.length);
    for (const p of practices) {
      p.documents.forEach((d, i) => assert.equal(d.idDocument, p.idFile * 10 + i + 1));
      p.signers.forEach((s, i) => assert.equal(s.token, `link-${p.idFile}-${i + 1}`));
    }
  });

  it('puts every signature area and placeholder on a page of its document, inside the page', () => {
    for (const p of practices)
      for (const { where, area } of areasOf(p)) {
        const document = p.documents[area.document];
        assert.ok(document, `${where}: document ${area.document} exists`);
        assert.ok(area.page >= 1 && area.page <= document.pages, `${where}: page ${area.page} of ${document.pages}`);
        const { positionX, positionY, width, height } = area as Record<string, number>;
        if (positionX === undefined) continue;
        assert.ok(positionX >= 0 && positionX + width! <= 1, `${where}: inside the page's width`);
        assert.ok(positionY! >= 0 && positionY! + height! <= 1, `${where}: inside the page's height`);
      }
  });

  it('places an area that names a signature box exactly on the drawn box', () => {
    let named = 0;
    data().forEach((seed, i) =>
      seed.signers.forEach((s, n) =>
        (s.signatureCoordinates ?? []).forEach((given, k) => {
          if (given.box === undefined) return;
          named += 1;
          const asset = assets[seed.documents[given.document]!.asset as keyof SeedAssets];
          const drawn = asset.signatureBoxes[given.box]!;
          const placed = practices[i]!.signers[n]!.signatureCoordinates[k] as Record<string, unknown>;
          const { positionX: _x, positionY: _y, ...size } = drawn;
          const expected = given.anchorKeyword === undefined ? drawn : size;
          for (const [key, value] of Object.entries(expected))
            assert.equal(placed[key], value, `${seed.idFile} ${key}`);
          assert.equal(placed['box'], undefined);
        }),
      ),
    );
    assert.ok(named >= 4, 'the seed names boxes');
  });

  it("keeps each practice's status in step with its signers and events", () => {
    for (const p of practices) {
      const says = (what: string) => `${p.idFile} (${p.status}): ${what}`;
      const statuses = p.signers.map((s) => s.status);
      assert.ok(p.signers.length > 0, says('has signers'));
      assert.equal(p.draft, p.status === 'U', says('is a draft exactly when U'));
      if (p.status === 'U') assert.deepEqual(p.events, [], says('a draft was never sent'));
      else assert.deepEqual([p.events[0]?.action, p.events[0]?.tsIns], ['I', p.tsIns], says('sent when made'));
      if (p.status === 'F')
        assert.ok(
          statuses.every((s) => s === 'F'),
          says('every signer signed'),
        );
      if (p.status === 'L') assert.ok(statuses.includes('L') && !statuses.includes('R'), says('someone still to sign'));
      if (p.status === 'R') assert.equal(p.events.at(-1)?.action, 'D', says('ends with the rejection'));
      if (p.status === 'V') assert.equal(p.events.at(-1)?.action, 'N', says('ends with the cancellation'));
      if (p.status === 'E') assert.ok(p.expirationDate && p.expirationDate <= p.tsUpd, says('expired'));
      assert.equal(statuses.includes('R'), p.status === 'R', says('a signer rejected exactly when R'));
      // Signers act in the order the practice lists them.
      assert.ok(statuses.join('').match(/^F*[LR]?L*$/), says(`signed in order (${statuses.join('')})`));
      for (const s of p.signers) {
        assert.equal(s.tsSign !== null, s.status === 'F', says(`${s.email} has a signing time exactly when signed`));
        const event = p.events.find((e) => e.signerEmail === s.email);
        if (s.status === 'F')
          assert.deepEqual([event?.action, event?.tsIns], [s.action, s.tsSign], says('signing logged'));
        if (s.status === 'R') assert.equal(event?.action, 'D', says('rejection logged'));
      }
      const times = p.events.map((e) => e.tsIns);
      assert.deepEqual([...times].sort(), times, says('events in time order'));
      assert.ok(p.tsUpd >= (times.at(-1) ?? p.tsIns), says('updated at or after its last event'));
    }
  });

  it('names only form fields its documents have', () => {
    for (const p of practices) {
      const fields = p.documents.flatMap((d) => d.acrofields.map((f) => f.keyword));
      for (const s of p.signers)
        for (const a of s.acrofields as Array<{ acrofieldKeyword: string; acrofieldMatch: string }>) {
          const matches = fields.filter((f) =>
            a.acrofieldMatch === 'prefix' ? f.startsWith(a.acrofieldKeyword) : f === a.acrofieldKeyword,
          );
          assert.ok(matches.length > 0, `${p.idFile}: a field ${a.acrofieldMatch} "${a.acrofieldKeyword}"`);
        }
    }
  });

  it('stops on a mistake in the file, naming the practice and the field', () => {
    const broken = (edit: (practices: SeedPractice[]) => void) => {
      const practices = data();
      edit(practices);
      return () => seedPractices(practices, assets);
    };
    const find = (list: SeedPractice[], id: number) => list.find((p) => p.idFile === id)!;
    assert.throws(
      broken((l) => (find(l, 1002).documents[0]!.asset = 'contrct')),
      /practice 1002, documents\[0\]\.asset: no seeded file "contrct" \(contract, privacy, adhesion, agreement, long, broken\)/,
    );
    assert.throws(
      broken((l) => (find(l, 1004).signers[0]!.signatureCoordinates![0]!.box = 'Firma del Clente')),
      /practice 1004, signers\[0\]\.signatureCoordinates\[0\]\.box: no signature box "Firma del Clente" in its document \("Firma del Cliente", "Firma del Fornitore"\)/,
    );
    assert.throws(
      broken((l) => (find(l, 1002).signers[0]!.signatureCoordinates![0]!.page = 1)),
      /practice 1002, signers\[0\]\.signatureCoordinates\[0\]: gives both "box" and "page"/,
    );
    assert.throws(
      broken((l) => (find(l, 1010).signers[0]!.signatureCoordinates![1]!.page = 101)),
      /practice 1010, signers\[0\]\.signatureCoordinates\[1\]\.page: 101 is not a page of capitolato-tecnico\.pdf \(1-100\)/,
    );
    assert.throws(
      broken((l) => (find(l, 1001).placeholders![0]!.document = 3)),
      /practice 1001, placeholders\[0\]\.document: no document 3 in the practice/,
    );
    assert.throws(
      broken((l) => (find(l, 1005).events[1]!.tsIns = '6 febbraio')),
      /practice 1005, events\[1\]\.tsIns: "6 febbraio" is not an ISO date-time with an offset/,
    );
    assert.throws(
      broken((l) => l.push({ ...find(l, 1003) })),
      /practice 1003, idFile: used by an earlier practice too/,
    );
    assert.throws(
      broken((l) => l.splice(l.indexOf(find(l, 1009)), 1)),
      /practice 1009, idFile: no practice has it, and SEED_IDS\.brokenDocument names it/,
    );
  });
});
