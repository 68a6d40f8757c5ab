// `npm run db:seed -- --size race-day`: a race weekend at full scale, for trying the app (and its
// lists, filters and reports) with realistic volumes: 150 clubs, 5,000 members, 60 events, 800
// event teams with crews, rounds and races, 10,000 orders; before the season, 8 EOI events (the
// demo's 5 included) with 300 more teams' interest from 11 countries, and 60 training sessions (half
// past, half upcoming) with ~300 boat requests in every state.
// Entries add up as the app counts them (models/entries.server.ts): every team has its paid EVENT
// line, and no event holds more than maxTeam teams + Processing orders + held offers. FULL_EVENT
// is sold out with five clubs on its waitlist; OFFER_EVENT's last slot is held by a waitlist offer
// until tomorrow; an event the demo left full (with its waitlist) stays full. Every crew passes
// rules/crew.ts at REGATTA_YEAR, which the seed saves in Settings.
//
// Fills an EMPTY database only. The normal demo seed (db/seed.ts) runs first, so the README's
// logins work, and its password hash (one scrypt) is shared by every race-day account.
//
// Deterministic: one seeded PRNG (mulberry32) plans every row, so each run gives the same dataset.
// The exceptions are secrets (club and order tokens, photo names, the password's salt), which come
// from the crypto RNG like everywhere else, and times, which are relative to now. The plan is built
// in memory with explicit ids (`planRaceDay`, pure, in ten named steps), then written in one
// transaction through the models' insert functions, the ones the test factories (tests/factories)
// use; the bulk ones run one drizzle prepared statement per table and row (`writeRaceDay`; issue
// 30). The rows and their digest (scripts/dataset-digest.ts, db/seed-digest.race-day.txt) are the
// same as when it wrote them with prepared statements on the raw handle. The command line is
// db/seed-cli.ts.
import { randomBytes } from "node:crypto";
import { randomToken } from "~/lib/crypto.server";
import { db } from "~/lib/db.server";
import type { Photo } from "~/lib/photos.server";
import { insertAssociations } from "~/models/association.server";
import { databaseName, nextIds, raceDayTaken, rowCount, userCount } from "~/models/dataset.server";
import { insertTripsOfTheDay } from "~/models/boat-trips.server";
import { insertTeams } from "~/models/crew.server";
import { insertWaitlistEntries } from "~/models/entries.server";
import { insertEoiEvents, insertEoiUsers, insertInterestLinks } from "~/models/eoi.server";
import { insertEvents, setEventColumns } from "~/models/event.server";
import { insertOrderNotes, insertOrders, insertPaymentLogs, repriceEventLines } from "~/models/order.server";
import { insertPhotoRows } from "~/models/photo.server";
import { markDueCallsCalled } from "~/models/race-call.server";
import { insertRaces } from "~/models/race.server";
import { insertRounds } from "~/models/round.server";
import { insertScanLogs } from "~/models/scan.server";
import { insertScoreboardRounds } from "~/models/scoreboard.server";
import { putSettingsRow } from "~/models/settings.server";
import { insertReservations, insertSessions } from "~/models/training.server";
import { findCredentials, insertUsers } from "~/models/user.server";
import type { Gender, OrderStatus, ReservationStatus, WaitlistStatus } from "./enums";
import { VALID_IMAGE } from "./enums";
import { nextTeamNames } from "~/rules/entries";
import { defaultSettings } from "~/rules/settings-schema";
import { DEMO_PASSWORD, seed } from "./seed";
import { seedEvents } from "./seed-data";
import { demoPhotos } from "./seed-photos";

export type RaceDaySizes = {
  clubs: number;
  members: number;
  events: number;
  teams: number;
  races: number;
  orders: number;
  eoiUsers: number;
  eoiEvents: number;
  sessions: number;
};

/** What `--size race-day` adds to the demo data (events and EOI events: the total, the demo's 27
 * events and 5 EOI events included). */
export const RACE_DAY_SIZES: RaceDaySizes = {
  clubs: 150,
  members: 5000,
  events: 60,
  teams: 800,
  races: 200,
  orders: 10_000,
  eoiUsers: 300,
  eoiEvents: 8,
  sessions: 60,
};

export const RACE_DAY_EMAIL_DOMAIN = "raceday.test";
/** Crew tag fee per member and dinner ticket per pax, in sen. */
export const MEMBERSHIP_FEE = 3000; // the settings default crew tag fee (RM 30.00)
export const TICKET_PRICE = 8_000; // the settings default dinner ticket price (RM 80.00)
/** Ages are counted at the regatta (junior: 18 and under; senior: 40 and over). The seed saves it
 * as the Settings' regatta year, so the app counts ages as the plan did, whatever the year now. */
export const REGATTA_YEAR = 2026;
/** Sold out: its teams fill maxTeam, and clubs wait in line. */
export const FULL_EVENT = "250M PREMIER OPEN";
/** One slot left, held by a waitlist offer until tomorrow. */
export const OFFER_EVENT = "400M PREMIER MIXED";
const PRNG_SEED = 20_260_704;
/** Photos shared by every member with an approved photo (members with a pending photo get their
 * own row, because replacing or rejecting a pending photo deletes its row). */
const SHARED_PHOTOS = ["RACE DAY", "DRAGON BOAT", "CREW TAG", "PADDLE POWER", "LANE SIX", "GOLD MEDAL"];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MYT = 8 * HOUR; // Asia/Kuala_Lumpur, no daylight saving

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(lo = 0, hi = 1): number {
    return lo + (hi - lo) * this.next();
  }
  /** An integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let x = this.next() * total;
    for (const [item, w] of items) {
      x -= w;
      if (x < 0) return item;
    }
    return items[items.length - 1][0];
  }
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
  /** k distinct items (all of them when k >= length), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, k));
  }
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
}

/** Picks from a fixed list with fixed weights in O(log n). */
class WeightedPicker<T> {
  private readonly cumulative: number[] = [];
  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    let total = 0;
    for (const item of items) {
      total += weight(item);
      this.cumulative.push(total);
    }
  }
  get size() {
    return this.items.length;
  }
  pick(rng: Rng): T {
    const x = rng.float(0, this.cumulative[this.cumulative.length - 1]);
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}

// ---------------------------------------------------------------------------------------------
// People and places

const list = (s: string) => s.split(",");

const MALAY_M = list(
  "AHMAD,MUHAMMAD,MOHD FAIZAL,HAFIZ,AIMAN,IRFAN,AMIR,HARIS,FARID,SYAFIQ,ZULKIFLI,AZMAN,KHAIRUL,NAZRI,IKHWAN,DANIAL,ARIF,HAKIM,RIDZUAN,SHAHRUL",
);
const MALAY_F = list(
  "NUR AISYAH,SITI AMINAH,FARAH,AINUL,NABILA,SYAZWANI,AMIRAH,HIDAYAH,ZARINA,NORAINI,FATIMAH,AISYAH,NURUL HUDA,SYAFIQAH,ATIQAH,WAN NORLIZA,IZZATI,HANIS",
);
const MALAY_FATHER = list(
  "ABDULLAH,ISMAIL,HASSAN,OSMAN,RAHMAN,YUSOF,IBRAHIM,HAMZAH,ZAINAL,MANSOR,ARIFFIN,SALLEH,AZIZ,JAAFAR,MOKHTAR,RAZALI,SULAIMAN,KAMARUDDIN",
);
const CHINESE_SURNAME = list(
  "TAN,LIM,LEE,WONG,NG,CHONG,CHAN,ONG,TEH,GOH,YAP,LOW,KOH,CHUA,LAU,HO,CHEAH,KHOO,OOI,LOH",
);
const CHINESE_M = list(
  "WEI MING,KAH HOE,JUN HAO,CHEE KEONG,ZHI HAO,YONG SHENG,KOK WAI,BOON HUAT,WEI JIE,CHUN KIT,JIA JUN,KAR LOK",
);
const CHINESE_F = list(
  "MEI LING,HUI YING,XIN YI,SIEW LAN,LI TING,PEI SHAN,JIA HUI,YEE WEN,SHU FEN,WAN TING,KAI XIN,SOOK YEE",
);
const INDIAN_M = list("RAJ,ARJUN,SURESH,VIKNESH,KUMAR,GANESH,PRAKASH,DINESH,SANJAY,KARTHIK,RAVI,MUGILAN");
const INDIAN_F = list(
  "PRIYA,KAVITHA,DEVI,LAKSHMI,SHALINI,NITHYA,REVATHI,SANGEETHA,DIVYA,MEENA,ANUSHA,THIVIYA",
);
const INDIAN_FATHER = list(
  "MUNIANDY,SUBRAMANIAM,KRISHNAN,RAMASAMY,GOVINDASAMY,PILLAI,NAIR,SELVARAJ,ARUMUGAM,PERUMAL,RAJENDRAN",
);
const BORNEO_M = list("JOHNNY,ROBERT,DANIEL,EDWIN,JACKSON,MARCUS,LAWRENCE,FELIX");
const BORNEO_F = list("MARY,JUSTINA,FLORA,GRACE,VERONICA,CHRISTINA,JOANNA,MELINDA");
const BORNEO_FATHER = list("JUGAH,NYALAU,LINGGANG,MOSES,SIMON,GUMIS,LAJIM,ENTERI");

type NameGen = (rng: Rng, gender: Gender) => string;
const malay: NameGen = (r, g) =>
  g === "MALE"
    ? `${r.pick(MALAY_M)} BIN ${r.pick(MALAY_FATHER)}`
    : `${r.pick(MALAY_F)} BINTI ${r.pick(MALAY_FATHER)}`;
const chinese: NameGen = (r, g) =>
  `${r.pick(CHINESE_SURNAME)} ${r.pick(g === "MALE" ? CHINESE_M : CHINESE_F)}`;
const indian: NameGen = (r, g) =>
  g === "MALE"
    ? `${r.pick(INDIAN_M)} A/L ${r.pick(INDIAN_FATHER)}`
    : `${r.pick(INDIAN_F)} A/P ${r.pick(INDIAN_FATHER)}`;
const borneo: NameGen = (r, g) =>
  `${r.pick(g === "MALE" ? BORNEO_M : BORNEO_F)} ANAK ${r.pick(BORNEO_FATHER)}`;
/** Given name then family name. */
const western =
  (m: string, f: string, last: string): NameGen =>
  (r, g) =>
    `${r.pick(list(g === "MALE" ? m : f))} ${r.pick(list(last))}`;
/** Family name then given name. */
const eastern =
  (surnames: string, m: string, f: string): NameGen =>
  (r, g) =>
    `${r.pick(list(surnames))} ${r.pick(list(g === "MALE" ? m : f))}`;

type CountryCode = "MY" | "SG" | "ID" | "TH" | "PH" | "HK" | "CN" | "AU" | "BN" | "VN" | "TW";
type Country = {
  weight: number;
  towns: string[];
  names: readonly (readonly [NameGen, number])[];
  phone: (r: Rng) => string;
  address: (r: Rng, town: string) => string;
  passport: string;
};

const MY_TOWNS: Record<string, [town: string, postcode: string, state: string]> = {
  "Kuala Lumpur": ["Kuala Lumpur", "50450", "Wilayah Persekutuan Kuala Lumpur"],
  Putrajaya: ["Putrajaya", "62000", "Wilayah Persekutuan Putrajaya"],
  "Shah Alam": ["Shah Alam", "40000", "Selangor"],
  Klang: ["Klang", "41000", "Selangor"],
  "Petaling Jaya": ["Petaling Jaya", "46000", "Selangor"],
  Penang: ["George Town", "10450", "Pulau Pinang"],
  Ipoh: ["Ipoh", "30000", "Perak"],
  Taiping: ["Taiping", "34000", "Perak"],
  Melaka: ["Melaka", "75000", "Melaka"],
  "Johor Bahru": ["Johor Bahru", "80000", "Johor"],
  Muar: ["Muar", "84000", "Johor"],
  Kuantan: ["Kuantan", "25000", "Pahang"],
  "Kuala Terengganu": ["Kuala Terengganu", "20000", "Terengganu"],
  "Kota Bharu": ["Kota Bharu", "15000", "Kelantan"],
  "Alor Setar": ["Alor Setar", "05000", "Kedah"],
  Langkawi: ["Kuah", "07000", "Kedah"],
  Seremban: ["Seremban", "70000", "Negeri Sembilan"],
  "Port Dickson": ["Port Dickson", "71000", "Negeri Sembilan"],
  Kuching: ["Kuching", "93000", "Sarawak"],
  Sibu: ["Sibu", "96000", "Sarawak"],
  Miri: ["Miri", "98000", "Sarawak"],
  "Kota Kinabalu": ["Kota Kinabalu", "88000", "Sabah"],
  Sandakan: ["Sandakan", "90000", "Sabah"],
};
const MY_STREETS = list(
  "Mawar,Melati,Kenanga,Cempaka,Bunga Raya,Merdeka,Tun Razak,Sultan Ismail,Pantai,Sungai Besi,Setia,Damai,Harmoni,Perdana,Indah",
);
const MY_TAMAN = list(
  "Sri Muda,Desa Jaya,Bukit Indah,Sentosa,Permai,Seri Indah,Universiti,Megah,Bayu,Sri Petaling,Tasik,Mutiara",
);

const COUNTRIES: Record<CountryCode, Country> = {
  MY: {
    weight: 56,
    towns: Object.keys(MY_TOWNS),
    names: [
      [malay, 50],
      [chinese, 30],
      [indian, 12],
      [borneo, 8],
    ],
    phone: (r) => `601${r.pick(list("0,1,2,3,4,6,7,8,9"))}${r.digits(r.chance(0.3) ? 8 : 7)}`,
    address: (r, town) => {
      const [name, postcode, state] = MY_TOWNS[town] ?? MY_TOWNS["Kuala Lumpur"];
      return `No. ${r.int(1, 250)}, Jalan ${r.pick(MY_STREETS)} ${r.int(1, 20)}, Taman ${r.pick(MY_TAMAN)}, ${postcode} ${name}, ${state}`;
    },
    passport: "A",
  },
  SG: {
    weight: 10,
    towns: list("Singapore,Tampines,Jurong,Punggol,Kallang,Sengkang,Bedok"),
    names: [
      [chinese, 70],
      [malay, 15],
      [indian, 15],
    ],
    phone: (r) => `65${r.pick(["8", "9"])}${r.digits(7)}`,
    address: (r, town) =>
      `Blk ${r.int(100, 999)} ${town} Street ${r.int(11, 91)}, #${String(r.int(2, 25)).padStart(2, "0")}-${r.int(10, 300)}, Singapore ${r.int(310000, 829999)}`,
    passport: "K",
  },
  ID: {
    weight: 7,
    towns: list("Jakarta,Surabaya,Denpasar,Palembang,Medan,Batam"),
    names: [
      [
        western(
          "BUDI,AGUS,DEDI,RIZKY,ADI,HENDRA,JOKO,WAHYU,ANDI,FAJAR",
          "SRI,DEWI,PUTRI,AYU,RATNA,INDAH,WULAN,RINA,SARI",
          "SANTOSO,WIJAYA,SAPUTRA,HIDAYAT,KURNIAWAN,PRATAMA,SETIAWAN,NUGROHO,HALIM",
        ),
        1,
      ],
    ],
    phone: (r) => `628${r.int(11, 59)}${r.digits(8)}`,
    address: (r, town) =>
      `Jl. ${r.pick(list("Sudirman,Diponegoro,Gatot Subroto,Merdeka,Pahlawan,Thamrin"))} No. ${r.int(1, 200)}, ${town} ${r.int(10110, 99999)}, Indonesia`,
    passport: "B",
  },
  TH: {
    weight: 6,
    towns: list("Bangkok,Pattaya,Chiang Mai,Phuket,Ayutthaya"),
    names: [
      [
        western(
          "SOMCHAI,ANAN,KITTI,NATTAPONG,THANAWAT,PRASERT,WICHAI,CHAIYA",
          "SIRIPORN,PORNTIP,NATTAYA,KANYA,MALEE,SUDA,PIMCHANOK,ARUNEE",
          "SRISUK,CHAIYAPORN,WONGSAKUL,SAETANG,BOONMA,THONGCHAI,KAEWKAN,RATTANAPHON",
        ),
        1,
      ],
    ],
    phone: (r) => `66${r.pick(["6", "8", "9"])}${r.digits(8)}`,
    address: (r, town) =>
      `${r.int(1, 300)}/${r.int(1, 99)} Soi ${r.pick(list("Sukhumvit 24,Ratchada 7,Ari,Thonglor 10,Lat Phrao 15,Rama 9"))}, ${town} ${r.int(10100, 83150)}, Thailand`,
    passport: "AA",
  },
  PH: {
    weight: 5,
    towns: list("Manila,Cebu City,Davao City,Subic,Iloilo City"),
    names: [
      [
        western(
          "JUAN,JOSE,MARK,JOHN PAUL,RAFAEL,MIGUEL,CARLO,JERICHO",
          "MARIA,ANGELICA,KRISTINE,JOY,MARICEL,ANNA MAE,PRINCESS,RHEA",
          "DELA CRUZ,SANTOS,REYES,GARCIA,MENDOZA,BAUTISTA,VILLANUEVA,AQUINO,RAMOS",
        ),
        1,
      ],
    ],
    phone: (r) => `639${r.digits(9)}`,
    address: (r, town) =>
      `${r.int(1, 999)} ${r.pick(list("Rizal,Mabini,Bonifacio,Luna,Burgos"))} St., Brgy. ${r.pick(list("San Antonio,Poblacion,San Isidro,Santo Nino"))}, ${town}, Philippines`,
    passport: "P",
  },
  HK: {
    weight: 5,
    towns: list("Hong Kong,Kowloon,Sha Tin,Stanley,Tai Po"),
    names: [
      [
        eastern(
          "CHAN,WONG,LEUNG,CHEUNG,LAU,LI,NG,HO,CHOW,TSANG",
          "TAI MAN,KA HO,CHI KEUNG,WING KIT,HO YIN,CHUN YIN",
          "MEI YEE,KA YAN,WING SZE,HOI YAN,SUK YEE,CHING MAN",
        ),
        1,
      ],
    ],
    phone: (r) => `852${r.pick(["5", "6", "9"])}${r.digits(7)}`,
    address: (r, town) =>
      `Flat ${r.pick(list("A,B,C,D,E,F"))}, ${r.int(2, 40)}/F, ${r.pick(list("Harbour View,Ocean Court,Fortune Mansion,Jade Garden"))}, ${r.int(1, 300)} ${r.pick(list("Nathan,Queen's,Tai Po,Stanley Main"))} Road, ${town}, Hong Kong`,
    passport: "K",
  },
  CN: {
    weight: 4,
    towns: list("Guangzhou,Shanghai,Xiamen,Shenzhen,Hangzhou"),
    names: [
      [
        eastern(
          "WANG,LI,ZHANG,LIU,CHEN,YANG,ZHAO,HUANG,ZHOU,WU",
          "WEI,LEI,HAO,JIE,YONG,QIANG,JUN,TAO",
          "NA,JING,MIN,FANG,LI,YAN,XIU YING,TING",
        ),
        1,
      ],
    ],
    phone: (r) => `861${r.pick(["3", "5", "8"])}${r.digits(9)}`,
    address: (r, town) =>
      `${r.int(1, 999)} ${r.pick(list("Renmin,Zhongshan,Jiefang,Binhai,Huanshi"))} Road, ${r.pick(list("Tianhe,Pudong,Siming,Futian,Xihu"))} District, ${town}, China`,
    passport: "E",
  },
  AU: {
    weight: 3,
    towns: list("Sydney,Perth,Melbourne,Brisbane,Darwin"),
    names: [
      [
        western(
          "JACK,OLIVER,THOMAS,JAMES,LIAM,NOAH,WILLIAM",
          "CHLOE,EMILY,SOPHIE,OLIVIA,GRACE,ISLA,RUBY",
          "SMITH,JONES,WILLIAMS,BROWN,WILSON,TAYLOR,NGUYEN,CHEN",
        ),
        1,
      ],
    ],
    phone: (r) => `614${r.digits(8)}`,
    address: (r, town) =>
      `${r.int(1, 200)} ${r.pick(list("George,King,Beach,Harbour,Station"))} Street, ${town} ${r.int(2000, 6999)}, Australia`,
    passport: "PA",
  },
  BN: {
    weight: 2,
    towns: list("Bandar Seri Begawan,Tutong,Kuala Belait"),
    names: [[malay, 1]],
    phone: (r) => `673${r.pick(["7", "8"])}${r.digits(6)}`,
    address: (r, town) =>
      `No. ${r.int(1, 80)}, Simpang ${r.int(10, 300)}, Jalan ${r.pick(MY_STREETS)}, ${town}, Brunei`,
    passport: "B",
  },
  VN: {
    weight: 1,
    towns: list("Da Nang,Ho Chi Minh City,Hanoi,Hoi An"),
    names: [
      [
        eastern(
          "NGUYEN,TRAN,LE,PHAM,HOANG,VU",
          "VAN AN,VAN HUNG,DUC MINH,QUANG HUY,VAN NAM",
          "THI LAN,THI HOA,THU TRANG,NGOC ANH,THI MAI",
        ),
        1,
      ],
    ],
    phone: (r) => `849${r.digits(8)}`,
    address: (r, town) =>
      `${r.int(1, 300)} ${r.pick(list("Tran Phu,Le Loi,Bach Dang,Nguyen Hue"))} Street, ${town}, Vietnam`,
    passport: "C",
  },
  TW: {
    weight: 1,
    towns: list("Taipei,Kaohsiung,Tainan"),
    names: [
      [
        eastern(
          "CHEN,LIN,HUANG,CHANG,LEE,WANG,WU",
          "CHIH-HAO,CHIA-HAO,CHUN-CHIEH,YU-HSIANG",
          "SHU-FEN,YA-TING,MEI-LING,HSIN-YI",
        ),
        1,
      ],
    ],
    phone: (r) => `8869${r.digits(8)}`,
    address: (r, town) =>
      `No. ${r.int(1, 300)}, ${r.pick(list("Zhongshan,Minsheng,Heping,Xinyi"))} Rd., ${town}, Taiwan`,
    passport: "3",
  },
};
const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];
/** Foreigners living in Malaysia and paddling for a Malaysian club. */
const MY_EXPATS: readonly (readonly [CountryCode, number])[] = [
  ["ID", 3],
  ["SG", 2],
  ["PH", 2],
  ["CN", 1],
  ["AU", 1],
];

const MASCOTS = list(
  "Dragon,Naga,Tiger,Hornbill,Phoenix,Thunder,Storm,Wave,Orca,Barracuda,Eagle,Lion,Jade,Pearl,Comet,Typhoon,Monsoon,River,Harbour,Lotus,Kingfisher,Stingray,Marlin,Falcon",
);
const SUFFIXES = list(
  "Warriors,Paddlers,Rowers,Dragons,Club,Paddle Club,Racing Team,Dragon Boat Club,Crew,Boat Club,Strokers",
);

type Profile = "open" | "youth" | "masters";

function clubName(r: Rng, country: CountryCode, town: string, profile: Profile): string {
  const mascot = r.pick(MASCOTS);
  if (profile === "youth") {
    return country === "MY"
      ? `SMK ${town} ${mascot}s`
      : `${town} Youth ${mascot}s${r.chance(0.5) ? " Paddle Club" : ""}`;
  }
  if (profile === "masters") return `${town} ${mascot} Masters${r.chance(0.5) ? " Paddlers" : ""}`;
  let suffix = r.pick(SUFFIXES);
  if (mascot === "Dragon" && suffix.includes("Dragon")) suffix = "Warriors";
  return `${town} ${mascot} ${suffix}`;
}

/** MyKad number (YYMMDD, place of birth, serial; odd last digit for men), or a passport number. */
function identification(r: Rng, nationality: CountryCode, yob: number, gender: Gender): string {
  if (nationality !== "MY")
    return `${COUNTRIES[nationality].passport}${r.digits(8 - COUNTRIES[nationality].passport.length + 1)}`;
  const mm = String(r.int(1, 12)).padStart(2, "0");
  const dd = String(r.int(1, 28)).padStart(2, "0");
  const last = r.int(0, 4) * 2 + (gender === "MALE" ? 1 : 0);
  return `${String(yob % 100).padStart(2, "0")}${mm}${dd}${String(r.int(1, 16)).padStart(2, "0")}${r.digits(3)}${last}`;
}

// ---------------------------------------------------------------------------------------------
// Events

const DIVISIONS = ["OPEN", "WOMEN", "MIXED"] as const;
type Division = (typeof DIVISIONS)[number];
const CATEGORIES = [
  { name: "MALAYSIA", limitMalaysia: true, minAge: 0, maxAge: 100, note: "for Malaysian citizens" },
  { name: "PREMIER", limitMalaysia: false, minAge: 0, maxAge: 100, note: "open to all nations" },
  { name: "JUNIOR", limitMalaysia: false, minAge: 0, maxAge: 18, note: "for paddlers 18 and under" },
  { name: "SENIOR (S40)", limitMalaysia: false, minAge: 40, maxAge: 100, note: "for paddlers 40 and over" },
] as const;

export type EventCaps = {
  name: string;
  description: string;
  reserveCount: number;
  minRace: number;
  maxRace: number;
  maxMale: number;
  minFemale: number;
  minAge: number;
  maxAge: number;
  limitMalaysia: boolean;
};

/** The 60 events of the race weekend: the demo seed's 27 (250M and 400M in every category and
 * division, Tug of War by division), then 200M (small boat), 500M (standard boat) and Tug of War
 * in the Malaysia, Junior and Senior categories. */
export function raceDayEventDefs(): EventCaps[] {
  const defs: EventCaps[] = seedEvents().map((e) => ({
    name: e.name,
    description: e.description ?? "",
    reserveCount: e.reserveCount ?? 0,
    minRace: e.minRace ?? 0,
    maxRace: e.maxRace ?? 12,
    maxMale: e.maxMale ?? 12,
    minFemale: e.minFemale ?? 0,
    minAge: e.minAge ?? 0,
    maxAge: e.maxAge ?? 100,
    limitMalaysia: e.limitMalaysia ?? false,
  }));
  const small: Record<Division, [number, number]> = { OPEN: [12, 0], WOMEN: [0, 10], MIXED: [6, 6] };
  const standard: Record<Division, [number, number]> = { OPEN: [22, 0], WOMEN: [0, 16], MIXED: [10, 10] };
  for (const [distance, boat] of [
    ["200M", small],
    ["500M", standard],
  ] as const) {
    for (const c of CATEGORIES) {
      for (const dv of DIVISIONS) {
        const [maxMale, minFemale] = boat[dv];
        const isSmall = boat === small;
        defs.push({
          name: `${distance} ${c.name} ${dv}`,
          description: `${distance} ${isSmall ? "sprint, small boat" : "race, standard boat"}, ${c.name.toLowerCase()} category ${c.note}, ${dv.toLowerCase()} division. ${isSmall ? "10 paddlers" : "20 paddlers"}, 1 drummer, 1 steerer.`,
          reserveCount: 2,
          minRace: isSmall ? 10 : 16,
          maxRace: isSmall ? 12 : 22,
          maxMale,
          minFemale,
          minAge: c.minAge,
          maxAge: c.maxAge,
          limitMalaysia: c.limitMalaysia,
        });
      }
    }
  }
  for (const c of CATEGORIES.filter((x) => x.name !== "PREMIER")) {
    for (const dv of DIVISIONS) {
      defs.push({
        name: `TUG OF WAR ${c.name} ${dv}`,
        description: `Tug of War on the beach, ${c.name.toLowerCase()} category ${c.note}, ${dv.toLowerCase()} division. 8 pullers.`,
        reserveCount: 2,
        minRace: 8,
        maxRace: 8,
        maxMale: dv === "OPEN" ? 8 : dv === "MIXED" ? 4 : 0,
        minFemale: dv === "WOMEN" ? 8 : dv === "MIXED" ? 4 : 0,
        minAge: c.minAge,
        maxAge: c.maxAge,
        limitMalaysia: c.limitMalaysia,
      });
    }
  }
  return defs;
}

type Distance = "200M" | "250M" | "400M" | "500M" | "TUG";
const distanceOf = (name: string): Distance =>
  name.startsWith("TUG") ? "TUG" : (name.slice(0, 4) as Exclude<Distance, "TUG">);
/** Entry fee range in sen, and a typical winning time in seconds. */
const DISTANCE: Record<Distance, { price: [number, number]; seconds: number }> = {
  "200M": { price: [30_000, 50_000], seconds: 52 },
  "250M": { price: [35_000, 60_000], seconds: 64 },
  "400M": { price: [50_000, 90_000], seconds: 106 },
  "500M": { price: [70_000, 120_000], seconds: 134 },
  TUG: { price: [30_000, 45_000], seconds: 0 },
};

/** EOI events the race weekend adds after the demo's (db/seed-data.ts), in order: 250M, 400M and
 * Tug of War first; the later ones count as Other in Result by Teams. */
const EOI_EVENT_NAMES = list(
  "250M PREMIER WOMEN,400M PREMIER MIXED,TUG OF WAR OPEN,250M SENIOR (S40) MIXED,400M MALAYSIA OPEN,TUG OF WAR WOMEN,250M JUNIOR OPEN,200M CORPORATE CHALLENGE,2KM PURSUIT RACE,CHARITY FUN PADDLE",
);
/** Training slots: two hours from these whole hours of Malaysia time (7-9 and 9-11 AM, 4-6 and
 * 6-8 PM), on the 35 days before today and the 35 after. */
const SLOT_HOURS = [7, 9, 16, 18];
const SEASON_DAYS = 35;

// ---------------------------------------------------------------------------------------------
// The plan

export type PhotoPlan = "none" | "pending" | "approved" | "rejected";
export type Lifecycle = "notVerified" | "verifiedNotApproved" | "approvedNotPaid" | "paid";
const LIFECYCLES: Lifecycle[] = ["notVerified", "verifiedNotApproved", "approvedNotPaid", "paid"];
const PHOTO_PLANS: PhotoPlan[] = ["none", "pending", "approved", "rejected"];

export type PlannedClub = {
  id: number;
  name: string;
  country: CountryCode;
  token: string;
  createdAt: number;
  profile: Profile;
  town: string;
};
export type PlannedUser = {
  id: number;
  createdAt: number;
  updatedAt: number;
  email: string;
  identification: string;
  name: string;
  phone: string;
  phoneEmergency: string;
  address: string;
  gender: Gender;
  image: string | null;
  validImage: number;
  yob: number;
  associationId: number;
  verified: boolean;
  approved: boolean;
  membershipPaid: boolean;
  role: "MANAGER" | "COMPETITOR";
  // Not columns: what the plan meant, for tests and the summary.
  malaysian: boolean;
  lifecycle: Lifecycle;
  photo: PhotoPlan;
};
export type PlannedEvent = EventCaps & { id: number; isNew: boolean; price: number; maxTeam: number };
export type PlannedTeam = {
  id: number;
  name: string;
  associationId: number;
  eventId: number;
  crew: number[];
};
export type PlannedRound = {
  id: number;
  name: string;
  description: string;
  eventId: number;
  /** The timetable (issue 20): set by planTimetable for every round. */
  raceNumber?: number;
  scheduledAt?: number;
  startedAt?: number | null;
};
export type PlannedRace = { lane: string; score: string | null; roundId: number; teamId: number };
export type PlannedOrderLine = {
  kind: "EVENT" | "MEMBERSHIP" | "TICKET";
  count: number;
  price: number;
  eventId: number | null;
  userId: number | null;
};
export type PlannedOrder = {
  id: number;
  createdAt: number;
  updatedAt: number;
  transactionId: string | null;
  ownerId: number;
  status: OrderStatus;
  token: string;
  lines: PlannedOrderLine[];
};
export type PlannedWaitlist = {
  createdAt: number;
  updatedAt: number;
  eventId: number;
  associationId: number;
  userId: number;
  teams: number;
  status: WaitlistStatus;
  held: number;
  holdUntil: number | null;
};
export type PlannedReservation = {
  createdAt: number;
  updatedAt: number;
  boat: number;
  status: ReservationStatus;
  rejectReason: string | null;
  associationId: number;
  sessionId: number;
};

export type RaceDayPlan = {
  clubs: PlannedClub[];
  users: PlannedUser[];
  /** Photo rows; `source` indexes the JPEGs the writer is given. */
  photos: { name: string; userId: number | null; source: number }[];
  events: PlannedEvent[];
  teams: PlannedTeam[];
  rounds: PlannedRound[];
  races: PlannedRace[];
  waitlist: PlannedWaitlist[];
  scanLogs: { createdAt: number; roundId: number; teamId: number; userId: number }[];
  scoreboardRounds: { roundId: number; createdAt: number }[];
  orders: PlannedOrder[];
  paymentLogs: {
    createdAt: number;
    statusId: "0" | "1";
    msg: string;
    transactionId: string;
    orderId: string;
  }[];
  orderNotes: { createdAt: number; note: string; userId: number; orderId: number; author: string }[];
  eoiEvents: { id: number; createdAt: number; name: string }[];
  eoiUsers: {
    id: number;
    createdAt: number;
    updatedAt: number;
    email: string;
    name: string;
    country: string;
    team: string;
  }[];
  eois: { eoiUserId: number; eoiEventId: number }[];
  sessions: { id: number; createdAt: number; startTime: number; endTime: number; maxBoat: number }[];
  reservations: PlannedReservation[];
};

export type PlanContext = {
  sizes: RaceDaySizes;
  now: number;
  /** The staff member who writes the order notes. */
  admin: { id: number; name: string };
  /** The next free id of each table whose rows the plan refers to. */
  firstId: {
    association: number;
    user: number;
    event: number;
    team: number;
    round: number;
    order: number;
    eoiUser: number;
    eoiEvent: number;
    session: number;
  };
  /** Live events already there (the demo's), by name; planned events with these names reuse them. */
  existingEvents: (EventCaps & { id: number })[];
  /** What the demo already sold of them: teams, teams of Processing orders, slots held by live
   * offers, and live waitlist entries (an event with some is kept full). */
  existingEntries: {
    eventId: number;
    paidTeams: number;
    processing: number;
    held: number;
    waiting: number;
  }[];
  /** Club names already taken (compared case-insensitively). */
  takenClubNames: string[];
  /** Live EOI events already there (the demo's): the plan adds events up to sizes.eoiEvents in all. */
  existingEoiEvents: { id: number; name: string }[];
  /** Emails that already expressed interest (the demo managers'; compared case-insensitively). */
  takenEoiEmails: string[];
  /** Round names already taken, per event (the demo's rounds; compared case-insensitively). */
  takenRoundNames: { eventId: number; name: string }[];
  /** Names of the shared photo rows (approved photos), one per JPEG given to the writer. */
  sharedPhotos: string[];
  token: () => string;
  photoName: () => string;
};

/** What every planning step shares: the context and the one PRNG. The steps draw from it in
 * the order planRaceDay calls them, so that order is part of the dataset (the same context gives
 * the same plan). */
type Planner = {
  ctx: PlanContext;
  sizes: RaceDaySizes;
  now: number;
  rng: Rng;
  /** A time between `daysAgoLo` and `daysAgoHi` days before now. */
  at: (daysAgoLo: number, daysAgoHi: number) => number;
  /** A whole number in [lo, hi]. */
  between: (range: readonly [number, number]) => number;
};

/** The clubs and their members (step 2's output). */
type Roster = {
  clubs: PlannedClub[];
  users: PlannedUser[];
  photos: RaceDayPlan["photos"];
  membersOf: Map<number, PlannedUser[]>;
  managerOf: Map<number, PlannedUser>;
};

/** The events and their paid teams (steps 3-4). `closed`: events nobody else may enter;
 * `slotsTaken`: an event's slots taken by teams (the demo's and the plan's), Processing orders and
 * held offers. */
type Entries = {
  events: PlannedEvent[];
  teams: PlannedTeam[];
  teamsOf: Map<number, PlannedTeam[]>;
  waitlist: PlannedWaitlist[];
  closed: Set<number>;
  slotsTaken: (ev: PlannedEvent) => number;
};

/** Plans every race-day row. Pure: the same context gives the same plan. Each step is a function
 * below, called in the order it draws from the PRNG. */
export function planRaceDay(ctx: PlanContext): RaceDayPlan {
  const rng = new Rng(PRNG_SEED);
  const p: Planner = {
    ctx,
    sizes: ctx.sizes,
    now: ctx.now,
    rng,
    at: (daysAgoLo, daysAgoHi) => Math.round(ctx.now - rng.float(daysAgoLo, daysAgoHi) * DAY),
    between: ([lo, hi]) => rng.int(lo, hi),
  };
  const { clubs, takenNames } = planClubs(p);
  const roster = planMembers(p, clubs);
  const events = planEvents(p);
  const entries = planEntries(p, roster, events);
  const { rounds, firstRounds } = planRounds(p, entries);
  const { races, scanLogs, scoreboardRounds, programme, done } = planRaces(p, entries, firstRounds);
  planTimetable(p, rounds, programme, done);
  const orders = planOrders(p, roster, entries);
  const { paymentLogs, orderNotes } = planPayments(p, orders);
  const { eoiEvents, eoiUsers, eois } = planInterest(p, roster, takenNames);
  const { sessions, reservations } = planTraining(p, clubs);
  return {
    clubs,
    users: roster.users,
    photos: roster.photos,
    events,
    teams: entries.teams,
    rounds,
    races,
    waitlist: entries.waitlist,
    scanLogs,
    scoreboardRounds,
    orders,
    paymentLogs,
    orderNotes,
    eoiEvents,
    eoiUsers,
    eois,
    sessions,
    reservations,
  };
}

/** Step 1: the clubs, named by country and town, none taking a name already there. `takenNames`
 * (lower-case) are every club name in use afterwards; the EOI step avoids them too. */
function planClubs(p: Planner): { clubs: PlannedClub[]; takenNames: Set<string> } {
  const { ctx, sizes, rng, at } = p;
  const taken = new Set(ctx.takenClubNames.map((n) => n.toLowerCase()));
  const countryPicker = COUNTRY_CODES.map((c) => [c, COUNTRIES[c].weight] as const);
  const clubs: PlannedClub[] = [];
  for (let i = 0; i < sizes.clubs; i++) {
    const country = rng.weighted(countryPicker);
    const profile = rng.weighted<Profile>([
      ["open", 70],
      ["youth", 15],
      ["masters", 15],
    ]);
    let name = "";
    let town = "";
    for (let tries = 0; ; tries++) {
      town = rng.pick(COUNTRIES[country].towns);
      name = clubName(rng, country, town, profile);
      if (tries > 20) name = `${name} ${i + 1}`;
      if (!taken.has(name.toLowerCase())) break;
    }
    taken.add(name.toLowerCase());
    clubs.push({
      id: ctx.firstId.association + i,
      name,
      country,
      token: ctx.token(),
      createdAt: at(130, 200),
      profile,
      town,
    });
  }
  return { clubs, takenNames: taken };
}

/** Step 2: the members of each club (its manager first) in every lifecycle and photo state. */
function planMembers(p: Planner, clubs: PlannedClub[]): Roster {
  const { ctx, sizes, now, rng, at, between } = p;
  if (sizes.members < sizes.clubs * 2) throw new Error("race-day: at least two members per club");
  const minSize = Math.min(12, Math.floor(sizes.members / sizes.clubs));
  const clubSize = clubs.map(() => minSize);
  const sizePicker = new WeightedPicker(
    clubs.map((_, i) => i),
    (i) => (clubs[i].profile === "youth" ? 1.6 : clubs[i].profile === "masters" ? 0.8 : 0.4 + (i % 7) * 0.35),
  );
  for (let left = sizes.members - minSize * sizes.clubs; left > 0; left--) clubSize[sizePicker.pick(rng)]++;

  const users: PlannedUser[] = [];
  const photos: RaceDayPlan["photos"] = [];
  let nextUser = ctx.firstId.user;
  let competitors = 0;
  const yobFor = (profile: Profile): number =>
    between(
      profile === "youth"
        ? rng.weighted<[number, number]>([
            [[2008, 2010], 80],
            [[2005, 2007], 12],
            [[1975, 1995], 8],
          ])
        : profile === "masters"
          ? rng.weighted<[number, number]>([
              [[1960, 1986], 85],
              [[1987, 2000], 15],
            ])
          : rng.weighted<[number, number]>([
              [[1978, 2004], 78],
              [[1960, 1985], 8],
              [[2005, 2010], 14],
            ]),
    );

  for (const [ci, club] of clubs.entries()) {
    for (let j = 0; j < clubSize[ci]; j++) {
      const manager = j === 0;
      let lifecycle: Lifecycle;
      let photo: PhotoPlan;
      if (manager) {
        lifecycle = "paid";
        photo = "approved";
      } else if (competitors < 16) {
        // The first sixteen competitors cover every lifecycle state with every photo state.
        lifecycle = LIFECYCLES[competitors % 4];
        photo = PHOTO_PLANS[Math.floor(competitors / 4) % 4];
      } else {
        lifecycle = rng.weighted<Lifecycle>([
          ["notVerified", 5],
          ["verifiedNotApproved", 7],
          ["approvedNotPaid", 12],
          ["paid", 76],
        ]);
        photo = rng.weighted<PhotoPlan>(
          lifecycle === "paid"
            ? [
                ["approved", 84],
                ["pending", 7],
                ["none", 5],
                ["rejected", 4],
              ]
            : [
                ["approved", 30],
                ["pending", 30],
                ["none", 25],
                ["rejected", 15],
              ],
        );
      }
      const malaysian = club.country === "MY" && rng.chance(0.94);
      const nationality: CountryCode = malaysian
        ? "MY"
        : club.country === "MY"
          ? rng.weighted(MY_EXPATS)
          : club.country;
      const gender: Gender = rng.chance(0.45) ? "FEMALE" : "MALE";
      const yob = manager ? rng.int(1965, 1992) : yobFor(club.profile);
      const home = COUNTRIES[club.country];
      const town = rng.chance(0.6) ? club.town : rng.pick(home.towns);
      const createdAt = manager
        ? club.createdAt
        : {
            paid: () => at(62, 125),
            approvedNotPaid: () => at(20, 90),
            verifiedNotApproved: () => at(3, 40),
            notVerified: () => at(0, 14),
          }[lifecycle]();
      const id = nextUser++;
      let image: string | null = null;
      let validImage: number = VALID_IMAGE.REJECTED_OR_NONE;
      if (photo === "approved") {
        image = rng.pick(ctx.sharedPhotos);
        validImage = VALID_IMAGE.APPROVED;
      } else if (photo === "pending") {
        image = ctx.photoName();
        validImage = VALID_IMAGE.PENDING;
        photos.push({ name: image, userId: id, source: rng.int(0, ctx.sharedPhotos.length - 1) });
      }
      if (!manager) competitors++;
      users.push({
        id,
        createdAt,
        updatedAt: Math.min(now, createdAt + Math.round(rng.float(0, 5) * DAY)),
        email: manager
          ? `manager${ci + 1}@${RACE_DAY_EMAIL_DOMAIN}`
          : `member${competitors}@${RACE_DAY_EMAIL_DOMAIN}`,
        identification: identification(rng, nationality, yob, gender),
        name: rng.weighted(COUNTRIES[nationality].names)(rng, gender),
        phone: home.phone(rng),
        phoneEmergency: rng.chance(0.85) ? home.phone(rng) : "",
        address: home.address(rng, town),
        gender,
        image,
        validImage,
        yob,
        associationId: club.id,
        verified: lifecycle !== "notVerified",
        approved: lifecycle === "approvedNotPaid" || lifecycle === "paid",
        membershipPaid: lifecycle === "paid",
        role: manager ? "MANAGER" : "COMPETITOR",
        malaysian,
        lifecycle,
        photo,
      });
    }
  }
  const membersOf = new Map<number, PlannedUser[]>();
  for (const u of users) {
    const m = membersOf.get(u.associationId);
    if (m) m.push(u);
    else membersOf.set(u.associationId, [u]);
  }
  const managerOf = new Map(clubs.map((c) => [c.id, membersOf.get(c.id)![0]]));
  return { clubs, users, photos, membersOf, managerOf };
}

/** Step 3: the events (the demo's kept by name), with their prices and caps. */
function planEvents(p: Planner): PlannedEvent[] {
  const { ctx, sizes, rng } = p;
  const existing = new Map(ctx.existingEvents.map((e) => [e.name, e]));
  let nextEvent = ctx.firstId.event;
  return raceDayEventDefs()
    .slice(0, sizes.events)
    .map((def) => {
      const old = existing.get(def.name);
      const [lo, hi] = DISTANCE[distanceOf(def.name)].price;
      const price = rng.int(lo / 5000, hi / 5000) * 5000;
      const limited = def.maxAge < 100 || def.minAge > 0;
      const maxTeam = limited ? rng.int(20, 30) : rng.int(30, 50);
      return old
        ? { ...old, id: old.id, isNew: false, price, maxTeam }
        : { ...def, id: nextEvent++, isNew: true, price, maxTeam };
    });
}

/** Step 4: the paid event teams with crews that pass rules/crew.ts, the full events and their
 * waitlist, up to sizes.teams. */
function planEntries(p: Planner, { clubs, membersOf, managerOf }: Roster, events: PlannedEvent[]): Entries {
  const { ctx, sizes, now, rng, at } = p;
  const eligible = (u: PlannedUser) =>
    u.membershipPaid && u.approved && u.validImage === VALID_IMAGE.APPROVED;
  const eligibleOf = new Map(clubs.map((c) => [c.id, membersOf.get(c.id)!.filter(eligible)]));
  const clubPicker = new WeightedPicker(clubs, (c) => eligibleOf.get(c.id)!.length);
  const myClubs = clubs.filter((c) => c.country === "MY");
  const myClubPicker = new WeightedPicker(myClubs, (c) => eligibleOf.get(c.id)!.length);
  const inEvent = new Map(events.map((e) => [e.id, new Set<number>()]));
  const teamsOf = new Map(events.map((e) => [e.id, [] as PlannedTeam[]]));
  const clubTeams = new Map<string, number>();
  const failures = new Map<number, number>();
  let teamCount = 0;
  // The demo's entries count against the caps too: its teams, Processing orders and offers.
  const demo = new Map(ctx.existingEntries.map((x) => [x.eventId, x]));
  /** Slots of an event taken: teams (the demo's and ours), Processing orders, held offers. */
  const slotsTaken = (ev: PlannedEvent) => {
    const x = demo.get(ev.id);
    return teamsOf.get(ev.id)!.length + (x ? x.paidTeams + x.processing + x.held : 0);
  };

  const crewFor = (ev: PlannedEvent, club: PlannedClub): number[] | null => {
    const used = inEvent.get(ev.id)!;
    const pool = eligibleOf.get(club.id)!.filter((u) => {
      const age = REGATTA_YEAR - u.yob;
      return !used.has(u.id) && age >= ev.minAge && age <= ev.maxAge && (!ev.limitMalaysia || u.malaysian);
    });
    const lo = Math.max(10, ev.minRace);
    const hi = Math.min(22, ev.maxRace + ev.reserveCount);
    const females = pool.filter((u) => u.gender === "FEMALE");
    const males = pool.filter((u) => u.gender === "MALE");
    const maleCap = Math.min(males.length, ev.maxMale === 0 ? 0 : ev.maxMale + ev.reserveCount);
    if (lo > hi || females.length < ev.minFemale || females.length + maleCap < lo) return null;
    const size = Math.min(rng.int(lo, hi), females.length + maleCap);
    const share = ev.minFemale === 0 ? 0.75 : 0.5;
    let m = Math.max(0, Math.min(maleCap, size - ev.minFemale, Math.round(size * share)));
    let f = size - m;
    if (f > females.length) {
      f = females.length;
      m = size - f;
    }
    return [...rng.sample(males, m), ...rng.sample(females, f)].map((u) => u.id);
  };

  /** A club's next team in an event (up to C), named as the app names paid teams
   * (rules/entries.ts): the club's name upper-cased and a letter. False when no crew fits. */
  const addTeam = (ev: PlannedEvent, club: PlannedClub): boolean => {
    const key = `${club.id}:${ev.id}`;
    const letter = clubTeams.get(key) ?? 0;
    const crew = letter < 3 ? crewFor(ev, club) : null;
    if (!crew) return false;
    clubTeams.set(key, letter + 1);
    for (const id of crew) inEvent.get(ev.id)!.add(id);
    const [name] = nextTeamNames(
      club.name,
      teamsOf
        .get(ev.id)!
        .filter((t) => t.associationId === club.id)
        .map((t) => t.name),
      1,
    );
    teamsOf.get(ev.id)!.push({ id: 0, name, associationId: club.id, eventId: ev.id, crew });
    teamCount++;
    return true;
  };

  /** Fills an event with teams of clubs not in `skip` until `target` slots are taken (or no more
   * crews can be formed), then caps it there: `maxTeam` = taken slots + `free`. */
  const fillExactly = (ev: PlannedEvent, target: number, skip: Set<number>, free: number) => {
    const candidates = (ev.limitMalaysia ? myClubs : clubs).filter(
      (c) => !skip.has(c.id) && eligibleOf.get(c.id)!.length >= 10,
    );
    if (candidates.length > 0) {
      const picker = new WeightedPicker(candidates, (c) => eligibleOf.get(c.id)!.length);
      for (let misses = 0; slotsTaken(ev) < target && teamCount < sizes.teams && misses < 300; ) {
        if (!addTeam(ev, picker.pick(rng))) misses++;
      }
    }
    ev.maxTeam = slotsTaken(ev) + free;
  };

  // Full events: one sold out (its teams = maxTeam) with clubs waiting; one with a single slot
  // left, held for a club by a waitlist offer until tomorrow; and any event the demo left full
  // (with a waitlist) stays full. Nobody else enters them.
  const byName = new Map(events.map((e) => [e.name, e]));
  const full = byName.get(FULL_EVENT);
  const offered = byName.get(OFFER_EVENT);
  const closed = new Set<number>();
  const waitlist: PlannedWaitlist[] = [];
  if (full) {
    const waiting = rng.sample(clubs, Math.min(5, Math.floor(clubs.length / 2)));
    fillExactly(full, full.maxTeam, new Set(waiting.map((c) => c.id)), 0);
    closed.add(full.id);
    // Joined over the last week, first come first served; each wants one or two teams.
    const joined = waiting.map(() => at(0.2, 7)).sort((a, b) => a - b);
    for (const [i, club] of waiting.entries()) {
      waitlist.push({
        createdAt: joined[i],
        updatedAt: joined[i],
        eventId: full.id,
        associationId: club.id,
        userId: managerOf.get(club.id)!.id,
        teams: rng.int(1, 2),
        status: "WAITING",
        held: 0,
        holdUntil: null,
      });
    }
    // A club that joined, then left the line.
    const entered = new Set(teamsOf.get(full.id)!.map((t) => t.associationId));
    const gone = clubs.find((c) => !entered.has(c.id) && !waiting.includes(c));
    if (gone) {
      const createdAt = at(8, 12);
      waitlist.push({
        createdAt,
        updatedAt: createdAt + rng.int(2, 48) * HOUR,
        eventId: full.id,
        associationId: gone.id,
        userId: managerOf.get(gone.id)!.id,
        teams: 1,
        status: "LEFT",
        held: 0,
        holdUntil: null,
      });
    }
  }
  if (offered) {
    const club = rng.pick(clubs);
    fillExactly(offered, offered.maxTeam - 1, new Set([club.id]), 1);
    closed.add(offered.id);
    // It joined when the event was full; a slot freed up yesterday: a 48-hour hold, until tomorrow.
    waitlist.push({
      createdAt: at(4, 9),
      updatedAt: now - DAY,
      eventId: offered.id,
      associationId: club.id,
      userId: managerOf.get(club.id)!.id,
      teams: 1,
      status: "OFFERED",
      held: 1,
      holdUntil: now + DAY,
    });
  }
  for (const ev of events) {
    if (closed.has(ev.id) || !(demo.get(ev.id)?.waiting ?? 0)) continue;
    fillExactly(ev, ev.maxTeam, new Set(), 0);
    closed.add(ev.id);
  }

  const open = new Set(events.filter((e) => !closed.has(e.id) && slotsTaken(e) < e.maxTeam));
  while (teamCount < sizes.teams) {
    if (open.size === 0)
      throw new Error(`race-day: only ${teamCount} of ${sizes.teams} teams could be formed`);
    const ev = rng.pick([...open]);
    const picker = ev.limitMalaysia ? myClubPicker : clubPicker;
    const club = picker.size > 0 ? picker.pick(rng) : null;
    if (!club || !addTeam(ev, club)) {
      const n = (failures.get(ev.id) ?? 0) + 1;
      failures.set(ev.id, n);
      if (n >= 300) open.delete(ev);
      continue;
    }
    if (slotsTaken(ev) >= ev.maxTeam) open.delete(ev);
  }
  // Ids in event order, then by club, then A, B, C.
  const teams = events.flatMap((e) =>
    teamsOf.get(e.id)!.sort((a, b) => a.associationId - b.associationId || a.name.localeCompare(b.name)),
  );
  teams.forEach((t, i) => {
    t.id = ctx.firstId.team + i;
  });
  return { events, teams, teamsOf, waitlist, closed, slotsTaken };
}

/** Step 5: each event's rounds: heats (when more teams than lanes), semi-finals, a final. */
function planRounds(
  p: Planner,
  { events, teamsOf }: Entries,
): { rounds: PlannedRound[]; firstRounds: Map<number, PlannedRound[]> } {
  const { ctx } = p;
  const LANES_PER_HEAT = 6;
  const rounds: PlannedRound[] = [];
  /** Per event, the rounds its teams race first (heats, or the final when there are few teams). */
  const firstRounds = new Map<number, PlannedRound[]>();
  // Round names are unique per event: a name the demo already has gets the next free number
  // (HEAT 1 taken: this plan's heats are HEAT 2, HEAT 3 ...; FINAL taken: FINAL 2).
  const roundKey = (eventId: number, name: string) => `${eventId}\t${name.toLowerCase()}`;
  const takenRounds = new Set(ctx.takenRoundNames.map((x) => roundKey(x.eventId, x.name)));
  const freeRoundName = (eventId: number, base: string, numbered: boolean) => {
    let name = numbered ? `${base} 1` : base;
    for (let k = 2; takenRounds.has(roundKey(eventId, name)); k++) name = `${base} ${k}`;
    takenRounds.add(roundKey(eventId, name));
    return name;
  };
  for (const ev of events) {
    const n = teamsOf.get(ev.id)!.length;
    const heats = n <= LANES_PER_HEAT ? 0 : Math.ceil(n / LANES_PER_HEAT);
    const semis = heats >= 4 ? 2 : heats >= 3 ? 1 : 0;
    const next = semis ? "semi-finals" : "final";
    const add = (label: string, description: string, numbered = false) => {
      const round = {
        id: ctx.firstId.round + rounds.length,
        name: freeRoundName(ev.id, `${ev.name} ${label}`, numbered),
        description,
        eventId: ev.id,
      };
      rounds.push(round);
      return round;
    };
    const first: PlannedRound[] = [];
    for (let h = 1; h <= heats; h++) {
      first.push(
        add("HEAT", `Heat ${h} of ${heats}: the first two and the fastest losers go to the ${next}.`, true),
      );
    }
    for (let s = 1; s <= semis; s++) {
      add(semis > 1 ? `SEMI FINAL ${s}` : "SEMI FINAL", `Semi-final${semis > 1 ? ` ${s} of ${semis}` : ""}.`);
    }
    const final = add("FINAL", "Final: the medal race.");
    firstRounds.set(ev.id, heats ? first : [final]);
  }
  return { rounds, firstRounds };
}

/** Step 6: the draw (lanes of the first rounds), scores of the races run, scans of the crews
 * checked in, and the scoreboard. */
function planRaces(
  p: Planner,
  { events, teams, teamsOf }: Entries,
  firstRounds: Map<number, PlannedRound[]>,
): Pick<RaceDayPlan, "races" | "scanLogs" | "scoreboardRounds"> & {
  programme: PlannedRound[];
  done: number;
} {
  const { sizes, now, rng } = p;
  // The day's draw: boat events in programme order (Tug of War last), heats filled lane by lane.
  const programme = [...events].sort(
    (a, b) => Number(distanceOf(a.name) === "TUG") - Number(distanceOf(b.name) === "TUG"),
  );
  const races: PlannedRace[] = [];
  const drawn: { round: PlannedRound; races: PlannedRace[]; distance: Distance }[] = [];
  draw: for (const ev of programme) {
    const evTeams = rng.shuffle([...teamsOf.get(ev.id)!]);
    const heats = firstRounds.get(ev.id)!;
    if (evTeams.length === 0) continue;
    for (const [h, round] of heats.entries()) {
      const inHeat = evTeams.filter((_, i) => i % heats.length === h);
      const entry = { round, races: [] as PlannedRace[], distance: distanceOf(ev.name) };
      drawn.push(entry);
      for (const [lane, team] of inHeat.entries()) {
        if (races.length >= sizes.races) break draw;
        const race = { lane: String(lane + 1), score: null, roundId: round.id, teamId: team.id };
        races.push(race);
        entry.races.push(race);
      }
    }
  }
  const filled = drawn.filter((d) => d.races.length > 0);
  // The first 60% of the races are over: scored, their crews scanned in; the next two rounds are
  // checking in now. Rounds start ten minutes apart.
  const done = filled.filter((d) => races.indexOf(d.races[0]) < sizes.races * 0.6).length;
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const eventById = new Map(events.map((e) => [e.id, e]));
  const scanLogs: RaceDayPlan["scanLogs"] = [];
  for (const [k, d] of filled.entries()) {
    const startsAt = now - (done - k) * 10 * MINUTE;
    if (k < done) {
      for (const race of d.races) {
        if (d.distance === "TUG") {
          race.score = `${rng.int(0, 2)}-${rng.int(0, 2)}`;
        } else {
          const s = DISTANCE[d.distance].seconds * rng.float(1, 1.15);
          race.score = `${Math.floor(s / 60)}:${(s % 60).toFixed(2).padStart(5, "0")}`;
        }
      }
    }
    if (k < done + 2) {
      // The kiosk never lets more than the event's maxRace into a boat: the reserves stay ashore.
      const maxRace = eventById.get(d.round.eventId)?.maxRace ?? Number.POSITIVE_INFINITY;
      for (const race of d.races) {
        const crew = teamById.get(race.teamId)!.crew;
        let t = Math.min(now - 5 * MINUTE, startsAt - rng.int(20, 40) * MINUTE);
        let aboard = 0;
        for (const userId of crew) {
          if (rng.chance(0.04)) continue; // absent, or not scanned
          t += rng.int(5, 40) * 1000;
          if (aboard >= maxRace) continue; // (the draws above keep the sequence of numbers as it was)
          aboard++;
          scanLogs.push({ createdAt: Math.min(now, t), roundId: race.roundId, teamId: race.teamId, userId });
        }
      }
    }
  }
  const scoreboardRounds = filled
    .slice(Math.max(0, done - 4), done)
    .map((d, i) => ({ roundId: d.round.id, createdAt: now - (4 - i) * MINUTE }));
  return { races, scanLogs, scoreboardRounds, programme: filled.map((d) => d.round), done };
}

/** The demo's rounds hold race numbers 1-3 (db/seed-rounds.ts); the race day's start here. */
export const RACE_DAY_FIRST_RACE = 101;
const RACE_GAP = 6 * MINUTE;

/** Step 6b: the timetable (issue 20). Race numbers in programme order (the drawn rounds, then the
 * semi-finals and finals), 6 minutes apart over two days: today's races around now (the `done`
 * ones started, the day running up to 8 minutes late), the second half of the
 * programme tomorrow from 08:00 Malaysia time. */
function planTimetable(p: Planner, rounds: PlannedRound[], programme: PlannedRound[], done: number): void {
  // No draws from the RNG here: the plan after this step stays as it was before the timetable.
  const { now } = p;
  const inProgramme = new Set(programme.map((r) => r.id));
  const order = [...programme, ...rounds.filter((r) => !inProgramme.has(r.id))];
  // Race `done` is next: due 6 minutes ago, waiting (the day runs late); the last race run started
  // at most 8 minutes late, a few minutes ago.
  const anchor = Math.floor(now / MINUTE) * MINUTE - 6 * MINUTE;
  const today = Math.min(order.length, Math.max(Math.ceil(order.length / 2), done + 10));
  const MYT = 8 * 60 * MINUTE;
  const tomorrow8 = Math.floor((now + MYT) / DAY) * DAY + DAY + 8 * 60 * MINUTE - MYT;
  for (const [k, round] of order.entries()) {
    round.raceNumber = RACE_DAY_FIRST_RACE + k;
    round.scheduledAt = k < today ? anchor + (k - done) * RACE_GAP : tomorrow8 + (k - today) * RACE_GAP;
    // Started a little late, later as the morning goes (at most 8 minutes).
    round.startedAt =
      k < done ? round.scheduledAt + Math.min(8, Math.floor(k / 6)) * MINUTE + ((k * 17) % 50) * 1000 : null;
  }
}

/** Step 7: the orders: every team and crew tag fee paid, then dinner tickets and orders in the
 * other statuses, up to sizes.orders, numbered by time. */
function planOrders(
  p: Planner,
  { clubs, membersOf, managerOf }: Roster,
  { events, teams, closed, slotsTaken }: Entries,
): PlannedOrder[] {
  const { ctx, sizes, now, rng, at, between } = p;
  type Draft = Omit<PlannedOrder, "id" | "token" | "transactionId" | "updatedAt">;
  const drafts: Draft[] = [];
  const chunks = <T>(items: T[], lo: number, hi: number): T[][] => {
    const out: T[][] = [];
    for (let i = 0; i < items.length; ) {
      const n = rng.int(lo, hi);
      out.push(items.slice(i, i + n));
      i += n;
    }
    return out;
  };
  const eventById = new Map(events.map((e) => [e.id, e]));
  for (const club of clubs) {
    const owner = managerOf.get(club.id)!.id;
    // Every event team was paid for: one EVENT line per event, counting the club's teams there.
    const entries = new Map<number, number>();
    for (const t of teams)
      if (t.associationId === club.id) entries.set(t.eventId, (entries.get(t.eventId) ?? 0) + 1);
    for (const chunk of chunks(rng.shuffle([...entries]), 1, 3)) {
      drafts.push({
        ownerId: owner,
        status: "PAID",
        createdAt: at(5, 58),
        lines: chunk.map(([eventId, count]) => ({
          kind: "EVENT",
          count,
          price: eventById.get(eventId)!.price,
          eventId,
          userId: null,
        })),
      });
    }
    // Every paid member's crew tag fee was paid once.
    const paid = rng.shuffle(membersOf.get(club.id)!.filter((u) => u.membershipPaid));
    for (const chunk of chunks(paid, 1, 3)) {
      drafts.push({
        ownerId: owner,
        status: "PAID",
        createdAt: at(1, 59),
        lines: chunk.map((u) => ({
          kind: "MEMBERSHIP",
          count: 1,
          price: MEMBERSHIP_FEE,
          eventId: null,
          userId: u.id,
        })),
      });
    }
  }
  if (drafts.length > sizes.orders) {
    throw new Error(`race-day: ${drafts.length} orders are needed for the paid entries and fees`);
  }
  // The rest: mostly paid dinner tickets, plus failed, cancelled and (last 24 hours) processing.
  const rest = sizes.orders - drafts.length;
  const processing = Math.round(sizes.orders * 0.04);
  const failed = Math.round(sizes.orders * 0.08);
  const cancelled = Math.round(sizes.orders * 0.08);
  const unpaid = Math.min(rest, processing + failed + cancelled);
  const statuses: OrderStatus[] = [];
  for (let i = 0; i < unpaid; i++) {
    statuses.push(i < processing ? "PROCESSING" : i < processing + failed ? "FAILED" : "CANCELLED");
  }
  while (statuses.length < rest) statuses.push("PAID");
  const ownerPicker = new WeightedPicker(clubs, (c) => membersOf.get(c.id)!.length);
  /** Teams held by the Processing orders planned here, per event. */
  const holding = new Map<number, number>();
  const ticketCount = () =>
    between(
      rng.weighted<[number, number]>([
        [[1, 1], 50],
        [[2, 2], 25],
        [[3, 4], 15],
        [[5, 10], 10],
      ]),
    );
  for (const status of statuses) {
    const club = ownerPicker.pick(rng);
    const ownerId = managerOf.get(club.id)!.id;
    const createdAt = status === "PROCESSING" ? at(0, 0.98) : status === "PAID" ? at(0.1, 59.9) : at(1, 59.9);
    const kind =
      status === "PAID"
        ? "TICKET"
        : rng.weighted<PlannedOrderLine["kind"]>([
            ["MEMBERSHIP", 45],
            ["EVENT", 25],
            ["TICKET", 30],
          ]);
    let lines: PlannedOrderLine[] = [];
    if (kind === "MEMBERSHIP") {
      const approved = membersOf.get(club.id)!.filter((u) => u.approved);
      const due = approved.filter((u) => !u.membershipPaid);
      lines = rng
        .sample(due.length ? due : approved, rng.int(1, 5))
        .map((u) => ({ kind, count: 1, price: MEMBERSHIP_FEE, eventId: null, userId: u.id }));
    } else if (kind === "EVENT") {
      const allowed = events.filter((e) => !e.limitMalaysia || club.country === "MY");
      lines = rng
        .sample(allowed, rng.int(1, 3))
        .map((e) => ({ kind, count: rng.int(1, 2), price: e.price, eventId: e.id, userId: null }));
      if (status === "PROCESSING") {
        // A Processing order holds its teams' slots: only where they are free (never in a full event).
        lines = lines.filter((l) => {
          const ev = eventById.get(l.eventId!)!;
          const held = holding.get(ev.id) ?? 0;
          if (closed.has(ev.id) || slotsTaken(ev) + held + l.count > ev.maxTeam) return false;
          holding.set(ev.id, held + l.count);
          return true;
        });
      }
    }
    if (lines.length === 0 || kind === "TICKET") {
      lines = [{ kind: "TICKET", count: ticketCount(), price: TICKET_PRICE, eventId: null, userId: null }];
    }
    drafts.push({ ownerId, status, createdAt, lines });
  }
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  return drafts.map((d, i) => {
    const settled = d.status === "PAID" || d.status === "FAILED";
    const updatedAt =
      d.status === "CANCELLED"
        ? d.createdAt + (rng.chance(0.7) ? DAY : rng.int(5, 120) * MINUTE) // auto-cancel after 24 h, or the manager
        : d.status === "PROCESSING"
          ? d.createdAt
          : d.createdAt + rng.int(1, 20) * MINUTE;
    return {
      ...d,
      id: ctx.firstId.order + i,
      token: ctx.token(),
      updatedAt: Math.min(now, updatedAt),
      transactionId: settled ? `${Math.floor(d.createdAt / 1000)}${rng.digits(8)}` : null,
    };
  });
}

/** Step 8: the payment gateway's logs of the orders and the staff's notes on some. */
function planPayments(p: Planner, orders: PlannedOrder[]): Pick<RaceDayPlan, "paymentLogs" | "orderNotes"> {
  const { ctx, now, rng } = p;
  const paymentLogs: RaceDayPlan["paymentLogs"] = [];
  const orderNotes: RaceDayPlan["orderNotes"] = [];
  const FAILURES = list(
    "Payment_failed,Transaction_declined_by_bank,Insufficient_funds,Payment_was_cancelled_by_user,Card_authentication_failed",
  );
  const note = (o: PlannedOrder, text: string) =>
    orderNotes.push({
      createdAt: Math.min(now, o.updatedAt + rng.int(10, 600) * MINUTE),
      note: text,
      userId: ctx.admin.id,
      orderId: o.id,
      author: ctx.admin.name,
    });
  for (const o of orders) {
    const log = (statusId: "0" | "1", msg: string, transactionId: string, createdAt: number) =>
      paymentLogs.push({ createdAt, statusId, msg, transactionId, orderId: String(o.id) });
    const earlierTxn = () => `${Math.floor(o.createdAt / 1000)}${rng.digits(8)}`;
    if (o.status === "PAID") {
      if (rng.chance(0.95)) {
        if (rng.chance(0.1)) log("0", rng.pick(FAILURES), earlierTxn(), o.createdAt + MINUTE);
        log("1", "Payment_was_successful", o.transactionId!, o.updatedAt);
      } else {
        note(o, `Marked paid by hand: payment ${o.transactionId} confirmed against the bank statement.`);
      }
      if (rng.chance(0.01)) note(o, "Receipt re-sent to the team manager by email.");
    } else if (o.status === "FAILED") {
      if (rng.chance(0.9)) log("0", rng.pick(FAILURES), o.transactionId!, o.updatedAt);
      if (rng.chance(0.05)) note(o, "Manager says the bank deducted the amount; asked for the bank slip.");
    } else if (o.status === "CANCELLED") {
      if (rng.chance(0.25)) log("0", rng.pick(FAILURES), earlierTxn(), o.createdAt + 2 * MINUTE);
      if (rng.chance(0.04)) note(o, "Cancelled at the manager's request: duplicate order.");
    }
  }
  return { paymentLogs, orderNotes };
}

/** Step 9: EOI events beyond the demo's and the teams' expressions of interest. */
function planInterest(
  p: Planner,
  { clubs, managerOf }: Roster,
  taken: Set<string>,
): Pick<RaceDayPlan, "eoiEvents" | "eoiUsers" | "eois"> {
  const { ctx, sizes, now, rng } = p;
  // EOI events: the demo's, then new ones up to sizes.eoiEvents in all, made after the demo's.
  const takenEoi = new Set(ctx.existingEoiEvents.map((e) => e.name.toLowerCase()));
  const freeEoiNames = EOI_EVENT_NAMES.filter((n) => !takenEoi.has(n.toLowerCase()));
  const eoiEvents = Array.from(
    { length: Math.max(0, sizes.eoiEvents - ctx.existingEoiEvents.length) },
    (_, i) => ({
      id: ctx.firstId.eoiEvent + i,
      createdAt: now - Math.max(30, 35 - i) * DAY,
      name: freeEoiNames[i] ?? `EOI EVENT ${ctx.firstId.eoiEvent + i}`,
    }),
  );
  const allEoi = [...ctx.existingEoiEvents, ...eoiEvents];
  // Interest: most race-day clubs' managers (their email, name, club and country), then clubs not
  // registered (yet) from every country, each with its own manager's email. 250M draws most.
  const eoiWeight = (name: string) => (name.startsWith("250M") ? 3 : name.startsWith("400M") ? 2 : 1.5);
  // The Malaysia category is for Malaysian teams only.
  const forMalaysia = new WeightedPicker(allEoi, (e) => eoiWeight(e.name));
  const forOthers = allEoi.filter((e) => !/\bMALAYSIA\b/.test(e.name));
  const forAbroad = new WeightedPicker(forOthers.length ? forOthers : allEoi, (e) => eoiWeight(e.name));
  const takenEmails = new Set(ctx.takenEoiEmails.map((e) => e.toLowerCase()));
  const teamNames = new Set(taken);
  const spreadPicker = COUNTRY_CODES.map((c) => [c, 4 + COUNTRIES[c].weight / 4] as const);
  const eoiUsers: RaceDayPlan["eoiUsers"] = [];
  const eois: RaceDayPlan["eois"] = [];
  const express = (v: Omit<RaceDayPlan["eoiUsers"][number], "id" | "createdAt" | "updatedAt">) => {
    const id = ctx.firstId.eoiUser + eoiUsers.length;
    const createdAt = now - Math.round(rng.float(2, 28) * DAY);
    // One in five changed their ticks later.
    const updatedAt = rng.chance(0.2)
      ? Math.min(now, createdAt + Math.round(rng.float(1, 10) * DAY))
      : createdAt;
    eoiUsers.push({ id, createdAt, updatedAt, ...v, email: v.email.toLowerCase() });
    takenEmails.add(v.email.toLowerCase());
    const eoiPicker = v.country === "MY" ? forMalaysia : forAbroad;
    const picked = new Set<number>();
    const want = Math.min(
      eoiPicker.size,
      rng.weighted([
        [1, 30],
        [2, 35],
        [3, 20],
        [4, 10],
        [5, 5],
      ] as const),
    );
    while (picked.size < want) picked.add(eoiPicker.pick(rng).id);
    for (const eoiEventId of [...picked].sort((a, b) => a - b)) eois.push({ eoiUserId: id, eoiEventId });
  };
  if (allEoi.length > 0) {
    for (const club of clubs) {
      if (eoiUsers.length >= sizes.eoiUsers) break;
      const manager = managerOf.get(club.id);
      if (!manager || !rng.chance(0.7) || takenEmails.has(manager.email.toLowerCase())) continue;
      express({ email: manager.email, name: manager.name, country: club.country, team: club.name });
    }
    for (let k = 1; eoiUsers.length < sizes.eoiUsers; k++) {
      const country = rng.weighted(spreadPicker);
      let team = "";
      for (let tries = 0; ; tries++) {
        team = clubName(rng, country, rng.pick(COUNTRIES[country].towns), "open");
        if (tries > 20) team = `${team} ${k}`;
        if (!teamNames.has(team.toLowerCase())) break;
      }
      teamNames.add(team.toLowerCase());
      const email = `eoi${k}@${RACE_DAY_EMAIL_DOMAIN}`;
      if (takenEmails.has(email)) continue;
      const gender: Gender = rng.chance(0.4) ? "FEMALE" : "MALE";
      express({ email, name: rng.weighted(COUNTRIES[country].names)(rng, gender), country, team });
    }
  }
  return { eoiEvents, eoiUsers, eois };
}

/** Step 10: training sessions around today and the clubs' boat requests in every state. */
function planTraining(p: Planner, clubs: PlannedClub[]): Pick<RaceDayPlan, "sessions" | "reservations"> {
  const { ctx, sizes, now, rng } = p;
  // The season: half the sessions on the 35 days before today, half on the 35 after, in two-hour
  // slots (SLOT_HOURS, Malaysia time). Requests from clubs near the water (Malaysia, Singapore) in
  // the order they came; approvals never exceed a session's max boats; only upcoming sessions have
  // pending requests.
  const today = Math.floor((now + MYT) / DAY) * DAY - MYT;
  const slotsOf = (from: number, to: number) => {
    const slots: number[] = [];
    for (let day = from; day <= to; day++)
      for (const h of SLOT_HOURS) slots.push(today + day * DAY + h * HOUR);
    return slots;
  };
  const pastCount = Math.floor(sizes.sessions / 2);
  const sessionStarts = [
    ...rng.sample(slotsOf(-SEASON_DAYS, -1), pastCount),
    ...rng.sample(slotsOf(1, SEASON_DAYS), sizes.sessions - pastCount),
  ].sort((a, b) => a - b);
  const sessions = sessionStarts.map((startTime, i) => ({
    id: ctx.firstId.session + i,
    // Put up two to four weeks ahead, and at least two days ago.
    createdAt: Math.min(now - rng.int(2, 10) * DAY, startTime - rng.int(14, 28) * DAY),
    startTime,
    endTime: startTime + 2 * HOUR,
    maxBoat: rng.int(3, 8),
  }));
  const nearClubs = clubs.filter((c) => c.country === "MY" || c.country === "SG");
  const bookers = nearClubs.length >= 4 ? nearClubs : clubs;
  const FULL = "Session is fully booked; please pick another slot.";
  const REJECTIONS = [
    "Please book one boat only for this slot.",
    "Steerer certificate not on file; send it to the committee and book again.",
    "Water closed for maintenance at that hour.",
    "Junior crews train on weekend mornings only.",
  ];
  const firstUpcoming = sessions.findIndex((s) => s.startTime > now);
  const reservations: PlannedReservation[] = [];
  for (const [si, s] of sessions.entries()) {
    const upcoming = s.startTime > now;
    const showcase = si === firstUpcoming;
    let approvedBoats = 0;
    // The first upcoming session has at least four requests (one in every status, below).
    const requests = rng.sample(bookers, rng.int(showcase ? Math.min(4, bookers.length) : 2, 7));
    const until = Math.min(now, s.startTime) - HOUR;
    const times = requests.map(() => Math.round(s.createdAt + rng.float(0, 1) * (until - s.createdAt)));
    times.sort((a, b) => a - b);
    for (const [ri, club] of requests.entries()) {
      let boat = Math.min(
        s.maxBoat,
        rng.weighted([
          [1, 50],
          [2, 35],
          [3, 15],
        ] as const),
      );
      // Later sessions are more often still pending.
      const wanted: ReservationStatus =
        showcase && ri < 4
          ? (["APPROVED", "PENDING", "REJECTED", "CANCELLED"] as const)[ri]
          : rng.weighted<ReservationStatus>([
              ["APPROVED", 55],
              ["PENDING", upcoming ? (s.startTime - now > 7 * DAY ? 35 : 15) : 0],
              ["REJECTED", 12],
              ["CANCELLED", 8],
            ]);
      const left = s.maxBoat - approvedBoats;
      // A pending request asks for no more than is left (the booking form's limit).
      if (wanted === "PENDING" && boat > left && left > 0) boat = rng.int(1, left);
      const fits = boat <= left;
      const status: ReservationStatus =
        (wanted === "APPROVED" || wanted === "PENDING") && !fits ? "REJECTED" : wanted;
      if (status === "APPROVED") approvedBoats += boat;
      const createdAt = times[ri];
      reservations.push({
        createdAt,
        updatedAt:
          status === "PENDING"
            ? createdAt
            : Math.max(createdAt, Math.min(now, s.startTime - HOUR, createdAt + rng.int(1, 48) * HOUR)),
        boat,
        status,
        rejectReason: status === "REJECTED" ? (fits ? rng.pick(REJECTIONS) : FULL) : null,
        associationId: club.id,
        sessionId: s.id,
      });
    }
  }
  // Ids in the order the requests came, as the app would have numbered them.
  reservations.sort((a, b) => a.createdAt - b.createdAt || a.sessionId - b.sessionId);
  return { sessions, reservations };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Writes a plan in one transaction, through the models' insert functions (the ones the test
 * factories use; issue 30). `jpegs[i]` are the bytes of `plan.photos[].source === i`; the shared
 * (approved) photo rows are named by `sharedPhotos`. */
export function writeRaceDay(
  plan: RaceDayPlan,
  opts: { hash: string; jpegs: Photo[]; sharedPhotos: string[]; now: number },
): void {
  const { now } = opts;
  const at = (ms: number) => new Date(ms);
  db().transaction(() => {
    insertAssociations(
      plan.clubs.map((c) => ({
        id: c.id,
        createdAt: at(c.createdAt),
        name: c.name,
        country: c.country,
        token: c.token,
      })),
    );
    insertUsers(
      plan.users.map((u) => ({
        id: u.id,
        createdAt: at(u.createdAt),
        updatedAt: at(u.updatedAt),
        email: u.email,
        hash: opts.hash,
        identification: u.identification,
        name: u.name,
        phone: u.phone,
        phoneEmergency: u.phoneEmergency,
        address: u.address,
        gender: u.gender,
        image: u.image,
        validImage: u.validImage,
        yob: u.yob,
        associationId: u.associationId,
        verified: u.verified,
        approved: u.approved,
        membershipPaid: u.membershipPaid,
        role: u.role,
      })),
    );
    const photo = (name: string, userId: number | null, p: Photo) => ({
      name,
      userId,
      createdAt: at(now),
      width: p.width,
      height: p.height,
      bytes: p.jpeg,
    });
    insertPhotoRows([
      ...opts.sharedPhotos.map((name, i) => photo(name, null, opts.jpegs[i])),
      ...plan.photos.map((p) => photo(p.name, p.userId, opts.jpegs[p.source])),
    ]);

    // The demo's entries of a repriced event were bought at its price: the race weekend's.
    for (const e of plan.events) {
      if (e.isNew) continue;
      setEventColumns(e.id, { price: e.price, maxTeam: e.maxTeam, updatedAt: at(now) });
      repriceEventLines(e.id, e.price);
    }
    const created = at(now - 150 * DAY);
    insertEvents(
      plan.events
        .filter((e) => e.isNew)
        .map((e) => ({
          id: e.id,
          createdAt: created,
          updatedAt: created,
          name: e.name,
          description: e.description,
          price: e.price,
          maxTeam: e.maxTeam,
          reserveCount: e.reserveCount,
          minRace: e.minRace,
          maxRace: e.maxRace,
          maxMale: e.maxMale,
          minFemale: e.minFemale,
          minAge: e.minAge,
          maxAge: e.maxAge,
          limitMalaysia: e.limitMalaysia,
          deleted: false,
        })),
    );

    insertTeams(
      plan.teams.map((t) => ({
        team: { id: t.id, name: t.name, associationId: t.associationId, eventId: t.eventId },
        memberIds: t.crew,
      })),
    );
    insertWaitlistEntries(
      plan.waitlist.map((w) => ({
        createdAt: at(w.createdAt),
        updatedAt: at(w.updatedAt),
        eventId: w.eventId,
        associationId: w.associationId,
        userId: w.userId,
        teams: w.teams,
        status: w.status,
        held: w.held,
        holdUntil: w.holdUntil === null ? null : at(w.holdUntil),
      })),
    );

    // The regatta year the crews were planned for (ages), with the other settings at their defaults
    // (the demo seed's row is there already: only its year changes).
    const settings = { ...defaultSettings(at(now)), regattaYear: REGATTA_YEAR };
    putSettingsRow(
      {
        id: 1,
        updatedAt: at(now),
        crewTagFeeSen: settings.crewTagFeeSen,
        ticketPriceSen: settings.ticketPriceSen,
        ticketDescription: settings.ticketDescription,
        regattaName: settings.regattaName,
        regattaYear: settings.regattaYear,
        paymentDueHours: settings.paymentDueHours,
        entriesCloseAt: null,
        crewCloseAt: null,
      },
      { regattaYear: settings.regattaYear },
    );

    insertRounds(
      plan.rounds.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        eventId: r.eventId,
        raceNumber: r.raceNumber ?? null,
        scheduledAt: r.scheduledAt === undefined || r.scheduledAt === null ? null : at(r.scheduledAt),
        startedAt: r.startedAt === undefined || r.startedAt === null ? null : at(r.startedAt),
      })),
    );
    // The day so far: each race whose call ("go to marshalling", call_minutes before its start:
    // services/race-call.server.ts) is due was called then. Left uncalled, the server's first job
    // run would call the last hour's and the next half hour's races at once, ~1,300 emails: a
    // burst no real day has, in the CPU of whatever the bench measured first.
    markDueCallsCalled(now);
    insertRaces(
      plan.races.map((r) => ({ lane: r.lane, score: r.score, roundId: r.roundId, teamId: r.teamId })),
    );
    insertScanLogs(
      plan.scanLogs.map((s) => ({
        createdAt: at(s.createdAt),
        roundId: s.roundId,
        teamId: s.teamId,
        userId: s.userId,
      })),
    );
    insertScoreboardRounds(
      plan.scoreboardRounds.map((s) => ({ roundId: s.roundId, createdAt: at(s.createdAt) })),
    );
    // Boats out and back (issue 28): each race of the last 90 minutes went out 15 minutes before
    // its start and came back 12 minutes after it (those not back yet are on the water), and the
    // next two races' boats are out already: race control's On the water panel has rows.
    insertTripsOfTheDay(now);

    insertOrders(
      plan.orders.map((o) => ({
        order: {
          id: o.id,
          createdAt: at(o.createdAt),
          updatedAt: at(o.updatedAt),
          transactionId: o.transactionId,
          ownerId: o.ownerId,
          status: o.status,
          token: o.token,
          // A paid order's effects (fees paid, teams, tickets) are in the plan already: applied once.
          effectsAppliedAt: o.status === "PAID" ? at(o.updatedAt) : null,
        },
        lines: o.lines.map((l) => ({
          kind: l.kind,
          count: l.count,
          price: l.price,
          eventId: l.eventId,
          userId: l.userId,
        })),
      })),
    );
    insertPaymentLogs(
      plan.paymentLogs.map((p) => ({
        createdAt: at(p.createdAt),
        statusId: p.statusId,
        msg: p.msg,
        transactionId: p.transactionId,
        orderId: p.orderId,
        verified: true,
        source: "callback",
      })),
    );
    insertOrderNotes(
      plan.orderNotes.map((n) => ({
        createdAt: at(n.createdAt),
        updatedAt: at(n.createdAt),
        note: n.note,
        userId: n.userId,
        orderId: n.orderId,
        author: n.author,
      })),
    );

    insertEoiEvents(
      plan.eoiEvents.map((e) => ({
        id: e.id,
        createdAt: at(e.createdAt),
        updatedAt: at(e.createdAt),
        name: e.name,
        deleted: false,
      })),
    );
    insertEoiUsers(
      plan.eoiUsers.map((u) => ({
        id: u.id,
        createdAt: at(u.createdAt),
        updatedAt: at(u.updatedAt),
        email: u.email,
        name: u.name,
        country: u.country,
        team: u.team,
      })),
    );
    insertInterestLinks(plan.eois.map((e) => ({ eoiUserId: e.eoiUserId, eoiEventId: e.eoiEventId })));

    insertSessions(
      plan.sessions.map((s) => ({
        id: s.id,
        createdAt: at(s.createdAt),
        updatedAt: at(s.createdAt),
        startTime: at(s.startTime),
        endTime: at(s.endTime),
        maxBoat: s.maxBoat,
      })),
    );
    insertReservations(
      plan.reservations.map((r) => ({
        createdAt: at(r.createdAt),
        updatedAt: at(r.updatedAt),
        boat: r.boat,
        status: r.status,
        rejectReason: r.rejectReason,
        associationId: r.associationId,
        sessionId: r.sessionId,
      })),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Running

export class RaceDayRefused extends Error {}

/** Tables reported in the summary, in that order. */
export const RACE_DAY_TABLES = [
  "associations",
  "users",
  "photos",
  "events",
  "teams",
  "team_members",
  "waitlist",
  "rounds",
  "races",
  "scan_logs",
  "boat_trips",
  "scoreboard_rounds",
  "orders",
  "order_lines",
  "payment_logs",
  "order_notes",
  "eoi_users",
  "eoi_events",
  "eois",
  "training_sessions",
  "training_reservations",
] as const;

export type RaceDayResult = { counts: Record<(typeof RACE_DAY_TABLES)[number], number>; ms: number };

/** Seeds the demo data, then the race weekend, into an empty database (else RaceDayRefused). */
export async function seedRaceDay(sizes: RaceDaySizes = RACE_DAY_SIZES): Promise<RaceDayResult> {
  const started = performance.now();
  db(); // migrates on first use, as the normal seed does
  const users = userCount();
  if (users > 0) {
    throw new RaceDayRefused(
      `The database ${databaseName()} already has ${users} user(s); the race-day seed fills an empty database only. ` +
        "Point DATABASE_PATH at a new file (or delete this one) and run it again.",
    );
  }
  // This year's demo only: the race weekend is one edition's (the open one).
  if (!(await seed({ lastYear: false })))
    throw new RaceDayRefused("The database filled up while seeding; nothing more was added.");

  // The demo accounts' hash (the one scrypt of the run) is every race-day account's hash too.
  const adminRow = findCredentials("admin@example.com");
  if (!adminRow) throw new RaceDayRefused("The demo seed made no admin@example.com.");
  const admin = { id: adminRow.id, name: adminRow.name, hash: adminRow.hash };
  const taken = raceDayTaken(Date.now());

  const jpegs = await demoPhotos(SHARED_PHOTOS);
  const photoName = () => `${randomBytes(16).toString("hex")}.jpg`;
  const sharedPhotos = jpegs.map(photoName);
  const now = Date.now();
  const plan = planRaceDay({
    sizes,
    now,
    admin: { id: admin.id, name: admin.name },
    firstId: nextIds(),
    ...taken,
    sharedPhotos,
    token: () => randomToken(24),
    photoName,
  });
  writeRaceDay(plan, { hash: admin.hash, jpegs, sharedPhotos, now });

  const counts = Object.fromEntries(RACE_DAY_TABLES.map((t) => [t, rowCount(t)])) as RaceDayResult["counts"];
  return { counts, ms: performance.now() - started };
}

/** `npm run db:seed -- --size race-day`: seeds, prints the counts; the process exit code. */
export async function runRaceDaySeed(): Promise<number> {
  try {
    const { counts, ms } = await seedRaceDay();
    const width = Math.max(...Object.keys(counts).map((k) => k.length));
    console.log("Race-day data added (demo data included):\n");
    console.log(`${"table".padEnd(width)}  ${"rows".padStart(7)}`);
    console.log(`${"-".repeat(width)}  ${"-".repeat(7)}`);
    for (const [table, n] of Object.entries(counts)) {
      console.log(`${table.padEnd(width)}  ${n.toLocaleString("en-US").padStart(7)}`);
    }
    console.log(`\nDone in ${(ms / 1000).toFixed(1)} s.`);
    console.log(
      `Log in as a club manager with manager1@${RACE_DAY_EMAIL_DOMAIN} ... manager${RACE_DAY_SIZES.clubs}@${RACE_DAY_EMAIL_DOMAIN}, or with the README's demo logins; password ${DEMO_PASSWORD}.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RaceDayRefused)) throw error;
    console.error(error.message);
    return 1;
  }
}
