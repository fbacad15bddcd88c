/**
 * Writes an Anki package (.apkg, docs/adr/0023-anki-export.md): a zip holding `collection.anki2`,
 * an SQLite database in Anki's schema 11 (the one every Anki version imports: col, notes, cards,
 * revlog, graves, with the deck, note type and options as JSON in the col row), and `media`, the
 * package's media map (`{}`: the notes have no files). Pure: no database, no clock of its own.
 */
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import JSZip from 'jszip';
import initSqlJs from 'sql.js';

/** One note as the deck shows it: HTML for each side, Anki tags, and the record it comes from. */
export interface AnkiNote {
  /** The id of the record the note is made from: its note id and guid are derived from it. */
  sourceId: string;
  /** When the record was made (its note id's date, which Anki shows as "Created"). */
  createdAt: Date;
  /** HTML of the question side. */
  front: string;
  /** HTML of the answer side. */
  back: string;
  /** Plain text of the front: Anki sorts and checks duplicates on it. */
  sortText: string;
  /** Anki tags: no spaces inside one. */
  tags: readonly string[];
}

export interface AnkiDeck {
  /** Stable: importing a second export finds the same deck. */
  deckId: number;
  /** `Parent::Child` nests the deck; every parent is written too. */
  deckName: string;
  deckDescription: string;
  /** Stable: importing a second export finds the same note type, so notes are updated. */
  modelId: number;
  modelName: string;
  notes: readonly AnkiNote[];
  /** The export's time: each note's and card's modification time, so a re-import updates them. */
  now: Date;
}

/** Anki's schema 11 (rslib/src/storage/schema11.sql), the collection format of .apkg packages. */
const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null,
  time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

/** The schema version of the collection (Anki 2.1's legacy format, upgraded on import). */
const SCHEMA_VERSION = 11;
/** Anki's id of the default deck and the default options group. */
const DEFAULT_DECK_ID = 1;
const DEFAULT_CONF_ID = 1;
/** Unsynced, as Anki marks what it has not sent to AnkiWeb. */
const USN_UNSYNCED = -1;
/** Anki's separator of a note's fields. */
const FIELD_SEPARATOR = '\x1f';
/** Note types change rarely: a fixed modification time keeps the written type identical. */
const MODEL_MOD_S = 1_764_000_000;

const FIELDS = ['Front', 'Back'] as const;

const CSS = `.card { font-family: arial, sans-serif; font-size: 20px; text-align: left; }
.card .meta { color: #666; font-size: 16px; }
.nightMode .meta { color: #aaa; }
.card h3 { font-size: 18px; margin: 16px 0 4px; }`;

/** The sql.js module, loaded (and its wasm compiled) once per process. */
let sqlModule: ReturnType<typeof initSqlJs> | undefined;

/**
 * Found beside sql.js's own script, wherever node_modules is (the repository, a service's `dist/`
 * run, the Docker image): `require.resolve` follows Node's lookup, as the import does.
 */
const sql = (): ReturnType<typeof initSqlJs> => {
  sqlModule ??= initSqlJs({
    locateFile: (file: string) => join(dirname(require.resolve('sql.js')), file),
  }).catch((error: unknown) => {
    // Tried again on the next export rather than failing every one after.
    sqlModule = undefined;
    throw error;
  });
  return sqlModule;
};

/** Anki's guid alphabet (base91 without the characters that break its text formats). */
const BASE91 =
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';

const digest = (algorithm: 'sha1' | 'sha256', text: string): Buffer =>
  createHash(algorithm).update(text, 'utf8').digest();

/**
 * A note's guid, from its record's id alone: the same question always has the same guid, which
 * is what Anki matches an imported note on to update it rather than add a copy. 64 bits of a
 * SHA-256, written in Anki's base91 like the guids Anki makes.
 */
export function ankiGuid(sourceId: string): string {
  let value = digest('sha256', `mcat-logbook:question:${sourceId}`).readBigUInt64BE(0);
  let guid = '';
  const base = BigInt(BASE91.length);
  do {
    guid = BASE91[Number(value % base)] + guid;
    value /= base;
  } while (value > 0n);
  return guid;
}

/**
 * A note's id, from its record's id and creation time: Anki reads a note id as the epoch
 * milliseconds it was created, so the id is the record's creation second and three digits of a
 * hash of its id. Unique within a package: a clash (two records of the same second with the same
 * digits) takes the next free millisecond, in the order of the records' ids.
 */
export function ankiNoteIds(notes: readonly Pick<AnkiNote, 'sourceId' | 'createdAt'>[]): number[] {
  const base = notes.map(
    (note) =>
      Math.floor(note.createdAt.getTime() / 1000) * 1000 +
      (digest('sha256', note.sourceId).readUInt32BE(0) % 1000),
  );
  const order = [...notes.keys()].sort(
    (a, b) => base[a] - base[b] || notes[a].sourceId.localeCompare(notes[b].sourceId),
  );
  const ids = new Array<number>(notes.length);
  const used = new Set<number>();
  for (const index of order) {
    let id = base[index];
    while (used.has(id)) id += 1;
    used.add(id);
    ids[index] = id;
  }
  return ids;
}

/** Anki's field checksum: the first 8 hex digits of the SHA-1 of the sort field's text. */
const fieldChecksum = (text: string): number =>
  Number.parseInt(digest('sha1', text).toString('hex').slice(0, 8), 16);

/** Anki stores a note's tags space-separated with a space at each end. */
const tagColumn = (tags: readonly string[]): string => (tags.length ? ` ${tags.join(' ')} ` : '');

/** A parent deck's id, from its name: stable, and clear of the ids Anki makes (epoch milliseconds). */
const parentDeckId = (name: string): number =>
  2 ** 50 + (digest('sha256', `mcat-logbook:deck:${name}`).readUInt32BE(0) % 2 ** 30);

/** The deck and each of its parents, as Anki 2.1's deck JSON. */
function decksJson(deck: AnkiDeck, modS: number): Record<string, unknown> {
  const names = deck.deckName.split('::');
  const deckJson = (id: number, name: string, desc: string) => ({
    id,
    name,
    desc,
    mod: modS,
    usn: USN_UNSYNCED,
    conf: DEFAULT_CONF_ID,
    dyn: 0,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  });
  const decks: Record<string, unknown> = {
    [DEFAULT_DECK_ID]: { ...deckJson(DEFAULT_DECK_ID, 'Default', ''), usn: 0 },
  };
  for (let depth = 1; depth < names.length; depth += 1) {
    const name = names.slice(0, depth).join('::');
    const id = parentDeckId(name);
    decks[id] = deckJson(id, name, '');
  }
  decks[deck.deckId] = deckJson(deck.deckId, deck.deckName, deck.deckDescription);
  return decks;
}

/** The note type: two fields, one card (front, then back below a rule). */
function modelsJson(deck: AnkiDeck): Record<string, unknown> {
  return {
    [deck.modelId]: {
      id: deck.modelId,
      name: deck.modelName,
      type: 0,
      mod: MODEL_MOD_S,
      usn: USN_UNSYNCED,
      sortf: 0,
      did: deck.deckId,
      tmpls: [
        {
          name: 'Card 1',
          ord: 0,
          qfmt: '{{Front}}',
          afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
          bqfmt: '',
          bafmt: '',
          did: null,
        },
      ],
      flds: FIELDS.map((name, ord) => ({
        name,
        ord,
        sticky: false,
        rtl: false,
        font: 'Arial',
        size: 20,
        media: [],
      })),
      css: CSS,
      latexPre:
        '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
      latexPost: '\\end{document}',
      latexsvg: false,
      req: [[0, 'any', [0]]],
      tags: [],
      vers: [],
    },
  };
}

const DCONF = {
  [DEFAULT_CONF_ID]: {
    id: DEFAULT_CONF_ID,
    name: 'Default',
    mod: 0,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      bury: false,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 0],
      order: 1,
      perDay: 20,
    },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  },
};

function confJson(deck: AnkiDeck): Record<string, unknown> {
  return {
    activeDecks: [deck.deckId],
    curDeck: deck.deckId,
    curModel: deck.modelId,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
    nextPos: deck.notes.length + 1,
  };
}

/** A field's text with Anki's field separator taken out (it would split the field in two). */
const fieldText = (html: string): string => html.replaceAll(FIELD_SEPARATOR, ' ');

/** The package's SQLite collection. */
async function writeCollection(deck: AnkiDeck): Promise<Uint8Array> {
  const SQL = await sql();
  const db = new SQL.Database();
  try {
    const nowMs = deck.now.getTime();
    const nowS = Math.floor(nowMs / 1000);
    db.exec(SCHEMA);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?)', [
      Math.floor(nowS / 86_400) * 86_400,
      nowMs,
      nowMs,
      SCHEMA_VERSION,
      JSON.stringify(confJson(deck)),
      JSON.stringify(modelsJson(deck)),
      JSON.stringify(decksJson(deck, nowS)),
      JSON.stringify(DCONF),
      '{}',
    ]);
    const ids = ankiNoteIds(deck.notes);
    const note = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)');
    const card = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, 0, ?, ?, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)',
    );
    db.exec('BEGIN');
    deck.notes.forEach((entry, index) => {
      const id = ids[index];
      note.run([
        id,
        ankiGuid(entry.sourceId),
        deck.modelId,
        nowS,
        USN_UNSYNCED,
        tagColumn(entry.tags),
        [entry.front, entry.back].map(fieldText).join(FIELD_SEPARATOR),
        entry.sortText,
        fieldChecksum(entry.sortText),
        '',
      ]);
      // A new card: due is its place in the deck's order of new cards.
      card.run([id, id, deck.deckId, nowS, USN_UNSYNCED, index + 1, '']);
    });
    db.exec('COMMIT');
    note.free();
    card.free();
    return db.export();
  } finally {
    db.close();
  }
}

/**
 * The .apkg: the collection and an empty media map, deflated at the fastest level (a third of the
 * time of the default level for a package about a sixth larger: 190 KB for 1,300 questions).
 */
export async function writeApkg(deck: AnkiDeck): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('collection.anki2', await writeCollection(deck));
  zip.file('media', '{}');
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 1 },
  });
}

/**
 * Compiles sql.js's wasm and runs the writer once on a one-note deck, ahead of the first export:
 * that first run otherwise costs a student about a second (measured under load) more than the next.
 */
export const prepareApkgWriter = async (): Promise<void> => {
  await writeApkg({
    deckId: 1,
    deckName: 'Warm-up',
    deckDescription: '',
    modelId: 1,
    modelName: 'Warm-up',
    now: new Date(),
    notes: [
      { sourceId: 'warm-up', createdAt: new Date(), front: '', back: '', sortText: '', tags: [] },
    ],
  });
};
