// What an API delivers, finer than the seven capabilities (issue 26, item 1): common API needs
// written from general knowledge of API categories, each read as ACTION + OBJECT ("send" + "sms")
// or as a term that names the need on its own ("geocoding"). A word that is incidental on its own
// (message, receipt, customer, number, delivery, data, payment) names no need: it only counts next
// to an action that makes it one. "None of these" is an outcome: a text may name no node.
// Pure functions; the catalog side is need-index.ts.

/** A need: `does` completes "no service in the catalog …"; terms are word prefixes (see termMatches). */
export interface NeedNode {
  id: string;
  does: string;
  /** Terms that name the need alone. */
  alone?: string[];
  /** Action terms and object terms: the need is named when one of each is in the same clause, close together. */
  act?: string[];
  obj?: string[];
}

const SEND = ["send", "deliver", "dispatch", "text", "notify", "push"];
const MAKE = ["generat", "creat", "make", "produc", "compos", "render", "turn", "convert"];

export const NEED_NODES: NeedNode[] = [
  // Messaging and communication.
  {
    id: "sms",
    does: "sends SMS text messages",
    alone: ["sms", "smses", "otp", "one time passcode", "one time password"],
    act: SEND,
    obj: ["text messag", "mobile phone", "mobile number"],
  },
  {
    id: "voice-call",
    does: "places phone or voice calls",
    // Not "ivr" alone: a text-to-speech service renders IVR prompts without placing a call.
    alone: ["voice call", "phone call", "outbound call", "robocall", "call center dialer"],
    act: ["call", "dial", "place"],
    obj: ["phone number", "callee"],
  },
  {
    id: "email-send",
    does: "sends email",
    // Not "mailing list": one of postal addresses is cleaned by address services, and no email is sent.
    alone: ["transactional email", "email delivery", "email sending", "smtp relay"],
    act: ["send", "deliver", "dispatch", "blast"],
    obj: ["email", "emails", "newsletter", "e mail"],
  },
  {
    id: "push-notification",
    does: "sends push notifications",
    alone: ["push notification"],
    act: SEND,
    obj: ["push notification", "mobile notification"],
  },
  {
    id: "postal-mail",
    does: "prints and posts physical mail",
    alone: ["postal mail", "physical mail", "first class post", "first class mail", "direct mail", "postcard"],
    act: ["mail$", "post$", "print"],
    obj: ["letter", "postcard", "envelope"],
  },
  { id: "fax", does: "sends faxes", alone: ["fax"] },
  // Payments, finance execution, identity.
  {
    id: "card-payments",
    does: "accepts card payments",
    alone: [
      "payment gateway",
      "card acquiring",
      "merchant acquiring",
      "credit card",
      "debit card",
      "card payment",
      "checkout payment",
      "card token",
      "chargeback",
    ],
    act: ["accept", "process", "charg", "take", "collect", "refund", "capture"],
    obj: ["card", "payment", "subscription billing"],
  },
  {
    id: "payouts",
    does: "sends bank transfers or payouts",
    alone: ["bank transfer", "wire transfer", "sepa transfer", "ach transfer"],
    act: ["send", "initiat", "make", "execut", "issu"],
    obj: ["payout", "transfer", "wire"],
  },
  {
    id: "invoicing",
    does: "issues and collects invoices",
    act: ["issu", "send", "creat", "collect"],
    obj: ["invoice"],
  },
  {
    id: "trade-execution",
    does: "executes stock or crypto trades",
    alone: [
      "brokerage",
      "market order",
      "limit order",
      "trade execution",
      "execute trade",
      "place trade",
      "place order",
    ],
    act: ["buy$", "sell$", "execut", "place$", "submit"],
    obj: ["trade", "share", "stock", "crypto", "bitcoin", "etf", "order"],
  },
  {
    id: "live-market-data",
    does: "streams real-time market prices",
    alone: [
      "last trade",
      "tick data",
      "order book",
      "level 2",
      "streaming quote",
      "real time quote",
      "live price",
      "live quote",
    ],
    act: ["stream"],
    obj: ["price", "quote", "trade", "ticker"],
  },
  {
    id: "credit-score",
    does: "provides consumer credit scores or credit reports",
    alone: ["credit score", "credit report", "credit bureau", "credit check", "credit history"],
  },
  {
    id: "identity-verification",
    does: "verifies identity documents or selfies (KYC)",
    alone: ["liveness", "selfie", "identity document", "id document", "face match", "document verification"],
    act: ["verif", "check", "authenticat", "validat"],
    obj: ["passport", "driver licen", "driving licen", "identity card", "id card"],
  },
  {
    id: "beneficial-ownership",
    does: "lists beneficial owners or shareholders",
    alone: ["beneficial owner", "ubo", "ownership percentag", "shareholder", "cap table"],
  },
  {
    id: "fraud-scoring",
    does: "scores transactions for fraud",
    alone: ["fraud score", "fraud scoring", "chargeback risk", "transaction fraud"],
    act: ["scor", "detect", "flag"],
    obj: ["fraudulent transaction", "payment fraud"],
  },
  {
    id: "e-signature",
    does: "collects legally binding e-signatures",
    alone: ["e signature", "esignature", "electronic signature", "esign", "signing ceremony", "sign electronically"],
    act: ["collect", "request", "gather"],
    obj: ["signature"],
  },
  // Logistics, travel, commerce execution.
  {
    id: "parcel-tracking",
    does: "tracks parcels by carrier tracking number",
    alone: ["tracking number", "parcel tracking", "package tracking", "shipment tracking", "track and trace"],
    act: ["track"],
    obj: ["parcel", "package", "shipment", "consignment"],
  },
  {
    id: "shipping-labels",
    does: "buys shipping labels or books couriers",
    alone: ["shipping label", "postage label", "courier pickup"],
    act: ["book", "schedul"],
    obj: ["courier", "pickup"],
  },
  {
    id: "restaurant-booking",
    does: "books restaurant tables",
    alone: ["restaurant reservation", "table reservation", "table booking"],
    act: ["reserv", "book"],
    obj: ["table", "restaurant"],
  },
  {
    id: "travel-booking",
    does: "books and pays for tickets or rooms",
    alone: ["e ticket", "eticket"],
    act: ["book", "purchas", "buy", "reserv", "issu"],
    obj: ["ticket", "flight", "seat", "room"],
  },
  {
    id: "transit-departures",
    does: "gives public-transport departures or timetables",
    alone: ["public transport", "public transit", "departure board", "gtfs"],
    act: ["departur", "arrival", "timetabl", "schedul", "delay"],
    obj: ["train$", "bus$", "buses", "tram", "metro", "subway", "rail"],
  },
  {
    id: "food-delivery",
    does: "orders food or groceries for delivery",
    act: ["order", "deliver"],
    obj: ["food", "grocer", "meal"],
  },
  // Compute and generation the catalog may or may not have.
  {
    id: "code-execution",
    does: "runs code in a sandbox",
    alone: ["sandbox", "code execution", "execute code", "run code", "untrusted code", "jupyter"],
    act: ["run", "execut"],
    obj: ["python", "untrusted"],
  },
  {
    id: "3d-generation",
    does: "builds 3D models",
    alone: ["3d model", "3d asset", "3d mesh", "photogrammetry", "glb", "gltf", "textured mesh"],
  },
  {
    id: "sung-music",
    does: "generates songs with sung vocals",
    alone: ["jingle", "singer", "sung", "sings", "vocals", "vocal track", "lyrics"],
  },
  // More needs from common API categories (messaging, identity, commerce, travel, data).
  {
    id: "chat-messaging",
    does: "sends WhatsApp, Telegram or Slack messages",
    alone: ["whatsapp", "telegram bot", "imessage", "rcs messag"],
    act: ["send", "post$", "deliver"],
    obj: ["slack", "telegram", "teams message", "discord message", "chat message"],
  },
  {
    id: "phone-verification",
    does: "validates phone numbers or looks up their carrier",
    alone: ["carrier lookup", "hlr lookup", "phone validation", "phone number validation", "number portability"],
    act: ["validat", "verif", "look up", "lookup"],
    obj: ["phone number", "mobile number"],
  },
  {
    id: "email-finder",
    does: "finds people's email addresses",
    alone: ["email finder", "email enrichment", "contact enrichment", "lead enrichment", "direct dial"],
    act: ["find", "discover", "guess"],
    obj: ["work email", "email address of", "professional email"],
  },
  {
    id: "bank-data",
    does: "reads bank accounts or validates IBANs",
    alone: [
      "open banking",
      "account aggregation",
      "bank account balance",
      "bank account verification",
      "iban validation",
      "bic lookup",
      "bin lookup",
    ],
    act: ["validat", "verif", "connect", "link"],
    obj: ["iban", "bank account"],
  },
  {
    id: "vat-validation",
    does: "validates VAT or tax ids, or calculates sales tax",
    alone: ["vat number", "vat id", "tax id validation", "sales tax", "tax calculation"],
  },
  {
    id: "background-check",
    does: "runs criminal background or employment checks",
    alone: ["background check", "criminal record", "employment verification", "income verification", "right to work"],
  },
  {
    id: "crypto-transfer",
    does: "sends or swaps crypto tokens",
    alone: ["token swap", "swap tokens", "onchain transfer", "on chain transfer"],
    act: ["send", "transfer", "swap", "bridg"],
    obj: ["usdc", "eth$", "stablecoin", "crypto", "bitcoin", "btc", "sol$"],
  },
  {
    id: "compute-rental",
    does: "rents servers, GPUs or virtual machines",
    alone: ["virtual machine", "gpu instance", "vps", "bare metal", "gpu rental"],
    act: ["rent", "provision", "spin up", "launch"],
    obj: ["gpu", "server", "vm$", "instance"],
  },
  {
    id: "flight-status",
    does: "gives live flight status",
    alone: [
      "flight status",
      "flight tracking",
      "flight tracker",
      "flight delay",
      "gate change",
      "flight number",
      "flight arrival",
    ],
  },
  {
    id: "ride-booking",
    does: "books taxis, rides or rental cars",
    alone: ["ride hailing", "car rental", "rental car", "rent a car"],
    act: ["book", "order", "call"],
    obj: ["taxi", "cab$", "ride", "uber"],
  },
  {
    id: "sports-data",
    does: "gives sports scores, fixtures or betting odds",
    alone: ["live score", "sports score", "betting odds", "match result", "football score", "fixtures"],
  },
  {
    id: "seo-data",
    does: "gives SEO keyword volumes or backlinks",
    alone: ["backlink", "search volume", "keyword difficulty", "domain authority", "keyword ranking", "serp position"],
  },
  {
    id: "face-recognition",
    does: "recognises or matches faces",
    alone: ["face recognition", "facial recognition", "face search", "face comparison", "face verification"],
  },
  {
    id: "plate-recognition",
    does: "reads vehicle licence plates",
    alone: ["license plate", "licence plate", "number plate", "anpr", "alpr"],
  },
  {
    id: "vehicle-telematics",
    does: "tracks vehicles live (telematics)",
    alone: ["telematics", "gps tracker", "fleet tracking", "vehicle location"],
  },
  {
    id: "ev-charging",
    does: "finds EV charging stations",
    alone: ["charging station", "ev charg", "charge point", "electric vehicle charg"],
  },
  { id: "fuel-prices", does: "gives fuel prices", alone: ["fuel price", "petrol price", "gas price", "diesel price"] },
  {
    id: "print-on-demand",
    does: "prints and ships products on demand",
    alone: ["print on demand"],
    act: ["print"],
    obj: ["t shirt", "poster", "mug", "business card", "photo book"],
  },
  {
    id: "calendar-booking",
    does: "books meetings or appointments in calendars",
    alone: ["calendar event", "google calendar", "outlook calendar", "calendar invite"],
    act: ["book", "schedul", "reschedul"],
    obj: ["meeting", "appointment"],
  },
  {
    id: "video-meetings",
    does: "hosts video meetings",
    alone: [
      "video meeting",
      "video conferenc",
      "video call",
      "meeting room",
      "meeting link",
      "webinar",
      "zoom meeting",
    ],
  },
  {
    id: "user-auth",
    does: "signs users in to an app (authentication)",
    alone: [
      "magic link",
      "magic sign in link",
      "passwordless",
      "social login",
      "social sign in",
      "single sign on",
      "sso",
      "user authentication",
      "two factor authentication",
    ],
  },
  {
    id: "domain-registration",
    does: "registers domains or manages their DNS records",
    alone: ["domain registration", "register a domain", "register the domain", "dns hosting"],
    // Looking up DNS records or a domain's creation date is domain intelligence, and "available to
    // register" an availability check: only verbs that buy or change a domain name the need.
    act: ["purchase$", "buy$", "renew$", "create$", "add$", "set up", "point$"],
    obj: ["domain", "dns record", "a record", "mx record", "cname record"],
  },
  {
    id: "ci-builds",
    does: "runs continuous-integration builds and test suites",
    alone: ["continuous integration", "ci pipeline", "ci run", "hosted runner", "build pipeline"],
    act: ["run", "build"],
    obj: ["test suite", "runners", "docker image", "every commit"],
  },
  {
    id: "ad-campaigns",
    does: "runs paid advertising campaigns",
    alone: [
      "ad campaign",
      "ads campaign",
      "advertising campaign",
      "search ad",
      "google ads",
      "ppc",
      "keyword bid",
      "cost per click",
      "ad spend",
    ],
  },
  {
    id: "insurance-eligibility",
    does: "checks health insurance eligibility or coverage",
    // Not "insurance claim": a weather history serves insurance claims checks without reading a policy.
    alone: [
      "insurance eligibility",
      "eligibility check",
      "health insurance",
      "copay",
      "deductible",
      "prior authorization",
    ],
  },
  {
    id: "rental-listings",
    does: "lists homes or apartments to rent or buy",
    alone: [
      "apartment",
      "rental listing",
      "property listing",
      "real estate listing",
      "homes for sale",
      "for rent",
      "lease listing",
    ],
  },
  {
    id: "vehicle-history",
    does: "gives vehicle history reports (accidents, titles, odometer)",
    alone: [
      "vehicle history",
      "carfax",
      "salvage title",
      "flood title",
      "odometer",
      "accident history",
      "title history",
    ],
  },
  { id: "plagiarism", does: "checks text for plagiarism", alone: ["plagiarism"] },
  { id: "captcha", does: "solves captchas", alone: ["captcha"] },
  {
    id: "traffic",
    does: "gives live traffic incidents",
    alone: ["traffic incident", "live traffic", "traffic jam", "road closure", "traffic conditions"],
  },
  // Needs the catalog has: a request naming one of them is ranked as before (need-index.ts).
  {
    id: "weather-forecast",
    does: "forecasts the weather",
    alone: [
      "weather forecast",
      "hourly forecast",
      "daily forecast",
      "rain probability",
      "chance of rain",
      "precipitation forecast",
      "point forecast",
    ],
    act: ["forecast"],
    obj: ["weather", "rain", "temperatur", "precipitation", "wind", "snow"],
  },
  {
    id: "geocoding",
    does: "geocodes addresses",
    alone: ["geocod", "reverse geocod", "address to coordinat", "latitude longitude"],
  },
  {
    id: "routing",
    does: "computes routes or travel times",
    alone: ["turn by turn", "distance matrix", "travel time matrix", "isochrone", "route optimi", "driving direction"],
  },
  { id: "translation", does: "translates text or documents", alone: ["machine translation", "translat"] },
  {
    id: "speech-to-text",
    does: "transcribes speech to text",
    alone: ["transcri", "speech to text", "diarization", "speaker label"],
  },
  {
    id: "text-to-speech",
    does: "turns text into speech",
    alone: ["text to speech", "tts", "voice over", "voiceover", "read aloud", "neural voice"],
  },
  { id: "ocr", does: "reads text from images or scans (OCR)", alone: ["ocr", "optical character"] },
  {
    id: "image-generation",
    does: "generates images from text",
    alone: ["text to image", "image generation", "diffusion model"],
    act: MAKE,
    obj: ["illustration", "image from", "picture from"],
  },
  {
    id: "web-search",
    does: "searches the web",
    alone: ["web search", "search engine", "search index", "search result"],
  },
  {
    id: "fx-rates",
    does: "gives foreign-exchange rates",
    alone: ["exchange rate", "fx rate", "currency conversion", "foreign exchange"],
    act: ["convert"],
    obj: ["currenc"],
  },
  {
    id: "sanctions-screening",
    does: "screens names against sanctions lists",
    alone: ["sanction", "pep list", "watch list", "watchlist", "ofac"],
  },
  {
    id: "company-data",
    does: "gives company registry data",
    alone: ["company registr", "firmographic", "companies house", "registration number"],
  },
];

/** Lowercased words of a text, hyphens and slashes split ("e-signature" → e, signature). */
export function needWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKC")
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Clauses: a need's action and object must be read together, not across sentences. */
function clauses(text: string): string[][] {
  return text
    .split(/[.;:!?\n()]+|,\s+(?:and|but|or|then)\s+/)
    .map(needWords)
    .filter((w) => w.length > 0);
}

// A term word is a prefix a word may extend by a few letters (send → sends, sending, sender);
// ending in "$", the word itself or a plural/verb ending only (mail$ does not match mailbox).
const EXTRA = 3;
function wordMatches(word: string, term: string): boolean {
  if (term.endsWith("$")) {
    const t = term.slice(0, -1);
    return word === t || word === `${t}s` || word === `${t}ed` || word === `${t}ing` || word === `${t}es`;
  }
  return word.startsWith(term) && word.length - term.length <= EXTRA;
}

/** Positions where a (multi-word) term starts in the words. */
function termPositions(words: string[], term: string): number[] {
  const parts = term.split(" ");
  const at: number[] = [];
  for (let i = 0; i + parts.length <= words.length; i++)
    if (parts.every((p, j) => wordMatches(words[i + j]!, p))) at.push(i);
  return at;
}

// Action and object at most this many words apart ("send a six-digit one-time passcode by SMS").
const WINDOW = 6;

function clauseNames(words: string[], node: NeedNode): boolean {
  if (node.alone?.some((t) => termPositions(words, t).length > 0)) return true;
  if (!node.act || !node.obj) return false;
  const acts = node.act.flatMap((t) => termPositions(words, t));
  if (acts.length === 0) return false;
  const objs = node.obj.flatMap((t) => termPositions(words, t));
  return acts.some((a) => objs.some((o) => o !== a && Math.abs(o - a) <= WINDOW));
}

/** The nodes a text names, in taxonomy order (none: an empty array). */
export function needsNamed(text: string, nodes: NeedNode[] = NEED_NODES): NeedNode[] {
  const cs = clauses(text);
  return nodes.filter((n) => cs.some((c) => clauseNames(c, n)));
}
