// Labelled buyer requests, set E: mostly requests that nothing in the catalog fits.
//
// Who / how: written by an independent labeller (set E) from the seed catalog's text only: the
// vendor specs in prisma/seed/catalog/ (names, descriptions, capabilities, tags, offers with
// method, path, description and price, structured facts, evidence sentences). The labeller did
// not read the shortlist engine, its evaluation code or the engine's answers, and read only the
// header of one other label file (for the style). All 154 services were read before labelling,
// and every no-fit need below was checked against all of them.
//
// Grading rules:
// - fit: 2 = the service directly delivers the outcome; 1 = partial, or usable with extra work
//   (covers only part of the outcome, needs another step, or is a general tool that can be made to
//   do it). Every service that deserves 1 or 2 is listed; unlisted services are grade 0. A service
//   that fails a must condition (the record settles it as unmet) or whose cheapest offer doing the
//   job exceeds maxPriceUsd is grade 0. A prefer condition that is unmet does not lower a grade.
// - no-fit: nothing in the catalog delivers the outcome (absent capability, or the only candidates
//   fail a must condition or the price cap); relevance is empty. Generic scrapers, web search and
//   language models are not counted as delivering a need that requires a specific data source, a
//   licensed register or an action in the world (sending, booking, paying, registering). The
//   comment above each item says why nothing fits and what comes closest.
// - Many no-fit requests deliberately share words with real services (message, delivery, label,
//   address, tax, insurance, alert, company, translation...) so that word matching alone would
//   return something.
//
// Split rule: within each kind, items alternate dev / heldout in file order (first of each kind is
// dev), so exactly half of each kind is heldout.
import type { EvalQuery } from "./types";

export const QUERIES_E: EvalQuery[] = [
  // ───────────────────────────── no-fit (40) ─────────────────────────────

  // Telephony: nothing places a phone call. Closest: Voxmill TTS (renders "IVR prompts" as audio
  // files, does not dial) and Scribewell (transcribes recorded calls after the fact).
  {
    id: "qE01",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Place an automated outbound voice call to a patient's phone the day before their appointment, read out the reminder in a natural voice and record whether they pressed 1 to confirm or 2 to cancel.",
    },
    relevance: {},
  },
  // Chat-app business messaging: nothing sends a direct message to a person. Closest: Postwright
  // (publishes posts to connected social accounts), Huddlemap (directory of public group chats, never
  // message contents), Relaybox Queues (messages between workers).
  {
    id: "qE02",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "I need to send an approved WhatsApp template message to a customer's number when their order is ready for pickup, and receive their reply message back on a webhook.",
      conditions: [{ requirement: "Delivers messages to individual customers' chat apps", priority: "must" }],
    },
    relevance: {},
  },
  // Payouts: nothing moves money. Closest: Fxmint (reference rates, "not tradable quotes"),
  // Sanctionscan (screens payees for payments compliance), Blackline PII (detects IBANs in text).
  {
    id: "qE03",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Pay out weekly earnings to 300 freelancers: send each one a bank transfer (ACH in the US, SEPA in Europe) to the account on file and report which payouts settled or bounced.",
    },
    relevance: {},
  },
  // Open-banking account data: nothing connects to a bank. Closest: Quarry PDF and Glyphread OCR
  // parse statements, invoices and receipts from files, but the request has no files.
  {
    id: "qE04",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "With the user's consent through an open-banking connection, pull live balances and the last 90 days of card and account transactions from their bank, categorized, for a budgeting assistant. We never get PDF statements.",
    },
    relevance: {},
  },
  // E-signature: nothing collects signatures. Closest: Clauseworks (analyzes contracts), Stampwell
  // (timestamps a hash, no signer identity), Blackline (redacts a signed PDF).
  {
    id: "qE05",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Send our vendor agreement to two signers by email, collect legally binding electronic signatures in order, and return the signed PDF with a completion certificate and audit trail.",
    },
    relevance: {},
  },
  // Payroll: nothing runs payroll or computes withholding. Closest: Jobsift (salary ranges in job
  // postings), Tariffline (import duty and VAT, not payroll tax).
  {
    id: "qE06",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Run the monthly payroll for our 12 employees in two US states: compute gross-to-net pay with federal and state tax withholding, pay them by direct deposit and produce payslips.",
    },
    relevance: {},
  },
  // Shipping labels: no carrier integration. Closest: Quirk QR (draws Code 128 barcodes, not carrier
  // labels), Parcelgrid (validates the address), Tariffline (landed cost), Lanecraft (routes).
  {
    id: "qE07",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Compare carrier rates for a 2 kg parcel from Chicago to Denver, buy the cheapest ground shipping label and give me the printable label PDF with its carrier tracking number.",
    },
    relevance: {},
  },
  // Hotel booking: Staybird searches stays but "Booking is not available through the API"; nothing
  // else reserves a room.
  {
    id: "qE08",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Reserve a double room at a hotel near the Lisbon conference centre for 3 nights from 12 March, pay with the company card and return the booking confirmation number.",
      conditions: [{ requirement: "Completes the reservation through the API", priority: "must" }],
    },
    relevance: {},
  },
  // Health-insurance eligibility: no payer connectivity. Closest: Medlex Clinical NLP (ICD-10 codes
  // for revenue-cycle agents), Cohortly (clinical trials), Floodplain (insurance, but property).
  {
    id: "qE09",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Before a clinic visit, check a patient's health insurance eligibility with their insurer: is the policy active, what is the copay for a specialist visit and how much of the deductible is met?",
    },
    relevance: {},
  },
  // Trademark clearance: no trademark register. Closest: Patentry (patents only), Namespring (domain
  // availability), Handlecheck (social usernames), Factbase (entity facts).
  {
    id: "qE10",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Trademark search: is the brand name 'Lumora' already registered or pending as a trademark in the US or EU for software (Nice class 9 and 42)? I need the official register records with owner and status.",
    },
    relevance: {},
  },
  // Long-term rental listings: Staybird covers hotels and vacation rentals at nightly rates; Gablework
  // covers US sale records and valuations, not rentals in Germany.
  {
    id: "qE11",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Find unfurnished apartments for a 12-month lease in Berlin under 1,400 EUR a month with two bedrooms, with the listing photos and the landlord's contact.",
    },
    relevance: {},
  },
  // Store operations: nothing writes to a shop's catalog or orders. Closest: Pricelens and Shelfscan
  // (read retailers' prices and stock), Matte Studio (product photos).
  {
    id: "qE12",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Update stock quantities and prices for 200 products in our own online store after each warehouse count, and mark paid orders as fulfilled so that customers get the shipping notification.",
    },
    relevance: {},
  },
  // Paid advertising: nothing buys ads. Closest: Postwright (organic posts), Tagsmith (hashtags),
  // Reachgauge (influencer vetting), Lumen Index (search results, not ads).
  {
    id: "qE13",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Create a paid search ad campaign for our running shoes with a 50 USD daily budget, set keyword bids, and report impressions, clicks and cost per conversion every morning.",
    },
    relevance: {},
  },
  // IoT device control: Chronoshelf stores sensor readings ("for monitoring and IoT agents") but
  // nothing sends commands to a device.
  {
    id: "qE14",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Set the smart thermostats in our 40 rental units to 17°C when a unit is vacant, and read back each device's current temperature.",
    },
    relevance: {},
  },
  // Game data: no game-platform statistics. Closest: Clipchatter (video-platform comments),
  // Reachgauge (creator analytics), Cadenza (music for games).
  {
    id: "qE15",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "For a coaching bot, fetch a player's ranked match history in a competitive online shooter by their player tag: wins, losses, kills per match and current rank.",
    },
    relevance: {},
  },
  // Music sync licensing: Cadenza generates instrumentals ("Vocals and lyrics are not supported"),
  // Fernleaf licenses stock photos, vectors and clips, Soundprint only identifies songs.
  {
    id: "qE16",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "License the original recording of a current chart hit, with vocals, for a 30-second TV advert in the UK, and get the licence document for the master and publishing rights.",
    },
    relevance: {},
  },
  // Video conferencing: nothing creates meetings. Closest: Scribewell (transcribes recorded meetings
  // afterwards), Meridian Zones (time zones for scheduling).
  {
    id: "qE17",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Create a video meeting room link for tomorrow's customer call, let the agent join it, and record the session.",
    },
    relevance: {},
  },
  // Calendars: no calendar access or invitations. Closest: Meridian Zones ("scheduling agents call
  // before booking across regions", time zones only), Gatherly (public events).
  {
    id: "qE18",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Look at the free/busy times in the work calendars of five colleagues, find a 45-minute slot next week that suits everyone and send them a calendar invitation.",
    },
    relevance: {},
  },
  // Person contact enrichment: Ledgerline lists officers' names (no contact details), Creatorbase
  // has business emails for creators only, Inboxprobe verifies an address but cannot find one,
  // Locus Atlas gives a place's switchboard phone.
  {
    id: "qE19",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "I need the direct work email address and mobile number of the head of procurement at a mid-size German machine-tool manufacturer so our sales agent can reach out.",
    },
    relevance: {},
  },
  // US sales tax: Tariffline has import duty and VAT between countries, not US state and local sales
  // tax; Perimeter Geofence finds the county and city of a point but gives no rates.
  {
    id: "qE20",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "At checkout, calculate the exact US sales tax for a customer's shipping address in Dallas County, Texas, for clothing, including state, county, city and special-district rates.",
    },
    relevance: {},
  },
  // Domain registration: Namespring "does not register domains; results link to registrars", and
  // Rootzone Intel only reads DNS records.
  {
    id: "qE21",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Register the domain brightkettle.com for one year, pay for it, and create an A record pointing to 203.0.113.7 and an MX record for our mail host.",
    },
    relevance: {},
  },
  // Code hosting: nothing writes to a git host. Closest: Forgecode (review comments "before opening
  // a pull request"), Codetrawl (searches public repositories).
  {
    id: "qE22",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Create a private git repository for the new service, push the generated code to a branch and open a pull request against main with a description.",
    },
    relevance: {},
  },
  // CI: nothing runs builds or tests. Closest: Forgecode (reviews diffs), Gradebook Evals (grades LLM
  // outputs, not test suites).
  {
    id: "qE23",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Run our repository's test suite on hosted Linux and macOS runners for every commit, build the Docker image when tests pass and report the results back.",
    },
    relevance: {},
  },
  // Uptime monitoring with paging: Diffhound watches pages for content changes, checks "at most
  // every 15 minutes" and notifies by webhook only; nothing measures availability or pages on-call.
  {
    id: "qE24",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Monitor our public API endpoint every minute from several regions, record response times, and page the on-call engineer by phone call if it is down for more than two checks.",
      conditions: [{ requirement: "Checks at least once per minute", priority: "must" }],
    },
    relevance: {},
  },
  // End-user authentication: nothing signs users in. Closest: Lockbox Secrets (secrets for agents),
  // Inboxprobe (checks an address, "never sends an actual email").
  {
    id: "qE25",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Add passwordless login to my web app: email users a magic sign-in link, verify it when clicked, and manage their sessions and social sign-in with Google.",
    },
    relevance: {},
  },
  // Physical mail: nothing prints or posts letters. Closest: Snapframe (renders HTML to PDF),
  // Parcelgrid (validates US and Canadian addresses).
  {
    id: "qE26",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Print and post a physical reminder letter, first-class, to each of 80 customers at their mailing address, from a PDF template we fill per customer.",
    },
    relevance: {},
  },
  // Consumer credit: no credit bureau data. Closest: Ledgerline (company registries), Sanctionscan
  // (watch lists), Gablework (property tax assessments).
  {
    id: "qE27",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "With the applicant's consent, pull their consumer credit report and credit score for a tenant-screening decision.",
    },
    relevance: {},
  },
  // On-demand courier: Lanecraft plans routes and solves vehicle routing for "dispatch" agents, and
  // Gustline scores drone flyability, but nothing sends a driver.
  {
    id: "qE28",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Book a same-day courier to pick up a box of documents from our Manhattan office at 3pm and deliver it to a law firm in Brooklyn, and give me the driver's live location.",
    },
    relevance: {},
  },
  // Certified human translation: Tesserae is machine translation and its evidence says "Scanned PDFs
  // are not supported for document translation"; nothing provides a sworn translator.
  {
    id: "qE29",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Get a certified (sworn) translation of a scanned Spanish birth certificate into English that immigration authorities will accept, with the translator's signed certificate of accuracy.",
    },
    relevance: {},
  },
  // Sports data: no live scores or odds. Closest: Gatherly (events and tickets), Brightwater News
  // (headlines), Trendpulse (trending topics).
  {
    id: "qE30",
    kind: "no-fit",
    split: "heldout",
    request: { outcome: "live football scores and bookmaker betting odds for tonight's Premier League matches" },
    relevance: {},
  },
  // Public-transit departures: Lanecraft routes for car, truck, bike or foot only, and no transit
  // schedules exist anywhere in the catalog.
  {
    id: "qE31",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Give the next real-time bus and tram departures from the stop nearest to a user's location in Zurich, including delays, so the assistant can say when to leave.",
    },
    relevance: {},
  },
  // Flight status: Skyfix has airport weather (METAR/TAF) for "travel-disruption agents" and
  // Farecompass searches fares, but nothing tracks a flight's actual departure, delay or gate.
  {
    id: "qE32",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Is flight LH 454 from Frankfurt to San Francisco delayed today? I need its live status, new estimated departure time and gate so I can rebook the airport transfer.",
    },
    relevance: {},
  },
  // Beneficial ownership: Ledgerline says "Beneficial-ownership data is not included"; Sanctionscan
  // only screens names it is given; Factbase does not document ownership registers.
  {
    id: "qE33",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "KYB: identify the ultimate beneficial owners of a Dutch holding company, with each owner's percentage of shares, as recorded in the beneficial-ownership register.",
    },
    relevance: {},
  },
  // Human annotation workforce: Facet Vision Tagging and Labelhouse label automatically from fixed
  // taxonomies or zero-shot; Iris VLM captions. Nobody supplies human annotators.
  {
    id: "qE34",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "I need human annotators to draw bounding boxes around damaged packaging in 5,000 warehouse photos, with two independent labels per image and a review of disagreements.",
    },
    relevance: {},
  },
  // Vehicle history: Chassis decodes VINs and lists open recalls, but has no accident, title or
  // odometer history.
  {
    id: "qE35",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome:
        "Before our marketplace lists a used car, get its vehicle history report from the VIN: past accidents, salvage or flood titles, number of owners and odometer readings.",
    },
    relevance: {},
  },
  // Must unmet: Stormtrack Labs is the only lightning source and says "Lightning coverage is limited
  // to North America and Europe; other regions return an empty list." Isobar only has warnings.
  {
    id: "qE36",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Our mine-site safety agent pauses blasting when lightning is close. Return lightning strikes within 20 km of a site near Kalgoorlie, Western Australia, over the last 60 minutes.",
      conditions: [{ requirement: "Covers lightning strikes in Australia", priority: "must" }],
    },
    relevance: {},
  },
  // Must unmet: Breezepoint Air is the only pollen source and says "Pollen forecasts are available
  // for Europe, North America and Japan only."
  {
    id: "qE37",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Five-day grass pollen forecast for Melbourne so our hay-fever app can warn users the evening before.",
      conditions: [{ requirement: "Provides pollen forecasts for Australian cities", priority: "must" }],
    },
    relevance: {},
  },
  // Must unmet: Boreal Snowpack's resort coverage is "the Alps, Pyrenees, Scandinavia, the US and
  // Canada"; no other service reports snow depth (Isobar forecasts precipitation, not snowpack).
  {
    id: "qE38",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Latest reported snow depth at base and summit for the Niseko and Hakuba ski resorts, for a ski-trip planner.",
      conditions: [{ requirement: "Covers ski resorts in Japan", priority: "must" }],
    },
    relevance: {},
  },
  // Price cap: the only video generator, Lumacast, charges 0.45 USD per prompt-to-video clip and
  // 0.35 USD to animate an image, both above 0.10. Pixelforge makes still images only.
  {
    id: "qE39",
    kind: "no-fit",
    split: "dev",
    request: {
      outcome: "Generate a 6-second video clip from a text prompt for an animated social post.",
      constraints: { maxPriceUsd: 0.1 },
    },
    relevance: {},
  },
  // Price cap: the only valuation source, Gablework, charges 0.05 USD for an AVM, 0.03 for comps and
  // 0.015 for the property record, all above 0.01. Parcelgrid has no values.
  {
    id: "qE40",
    kind: "no-fit",
    split: "heldout",
    request: {
      outcome:
        "Estimate the current market value of a single-family home at a US address for a pre-qualification screen.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: {},
  },

  // ───────────────────────────── fit (20) ─────────────────────────────

  // Near qE19 (contact details): verifying addresses the buyer already has. Rootzone's MX records
  // cover only the domain half of the check.
  {
    id: "qE41",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Before our outreach campaign, check which of these 400 customer email addresses are deliverable, and flag disposable and role addresses.",
    },
    relevance: { inboxprobe: 2, "rootzone-intel": 1 },
  },
  // Near qE21 (domain registration): availability only, no registering. Rootzone's RDAP data shows
  // whether a domain is already registered.
  {
    id: "qE42",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Is brightkettle.com still available to register? If not, suggest available brandable domain names for a kettle startup.",
    },
    relevance: { namespring: 2, "rootzone-intel": 1 },
  },
  // Near qE36 (lightning), but in North America where Stormtrack has coverage.
  {
    id: "qE43",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Our outdoor-event safety agent needs lightning strikes within 15 km of a stadium in Oklahoma City over the last hour.",
      constraints: { maxPriceUsd: 0.01 },
    },
    relevance: { "stormtrack-labs": 2 },
  },
  // Near qE37 (pollen), but in Europe where Breezepoint has pollen forecasts.
  {
    id: "qE44",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Five-day tree and grass pollen forecast for Munich so our hay-fever app can warn users.",
      conditions: [{ requirement: "Provides pollen forecasts for European cities", priority: "must" }],
    },
    relevance: { "breezepoint-air": 2 },
  },
  // Near qE08 (hotel booking): search only, the human books.
  {
    id: "qE45",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Find available hotel rooms near the Lisbon conference centre for 3 nights from 12 March with nightly rates and cancellation policies; I will book myself.",
    },
    relevance: { "staybird-lodging-search": 2 },
  },
  // Near qE32 (flight status): fares, which the catalog has.
  {
    id: "qE46",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Cheapest fares from Frankfurt to San Francisco for each day of next March, so I can pick the travel date.",
    },
    relevance: { farecompass: 2 },
  },
  // Near qE33 (beneficial owners): registry status and directors are available. Factbase gives
  // organization facts and identifiers from public registries, but not officers or filings.
  {
    id: "qE47",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "KYB: confirm that a Dutch supplier is an active registered company, with its registration number, incorporation date and current directors.",
    },
    relevance: { "ledgerline-company-data": 2, "factbase-entities": 1 },
  },
  // Near qE03 (payouts): the compliance step before a payout.
  {
    id: "qE48",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Before we pay 300 freelancers, screen each payee's name and country against OFAC, EU and UN sanctions and PEP lists.",
    },
    relevance: { sanctionscan: 2 },
  },
  // Near qE02 (messaging): messages between agents, not to people.
  {
    id: "qE49",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Pass work-item messages from our planner agent to three worker agents with at-least-once delivery, and push each new message to a worker's webhook.",
    },
    relevance: { "relaybox-queues": 2 },
  },
  // Near qE13 (paid ads): organic scheduled posts on business accounts.
  {
    id: "qE50",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Schedule our product-launch post with an image to go out on our company's connected social media accounts next Tuesday at 9am.",
    },
    relevance: { postwright: 2 },
  },
  // Near qE04 (bank data): receipts as photos, which OCR parses. Iris VLM can read a photo and
  // answer questions about it, with more work to get every field.
  {
    id: "qE51",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Turn photos of restaurant and taxi receipts into expense lines: merchant, date, total, tax and line items.",
    },
    relevance: { "glyphread-ocr": 2, "iris-vlm": 1 },
  },
  // Near qE17 (video meetings): transcript of a recorded meeting. Captionsmith yields subtitle
  // cues with bracketed speaker labels, a rougher transcript.
  {
    id: "qE52",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Transcribe the recording of yesterday's one-hour customer call (MP4) with who said what and word timestamps.",
    },
    relevance: { "scribewell-transcribe": 2, captionsmith: 1 },
  },
  // Near qE26 and qE07 (mail, labels): the address step. Waypoint geocodes with a match level but
  // does not check deliverability or ZIP+4.
  {
    id: "qE53",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Clean our mailing list: standardize 80 US customer addresses, check that each is deliverable and add the ZIP+4 code.",
    },
    relevance: { parcelgrid: 2, "waypoint-geocode": 1 },
  },
  // Near qE20 (sales tax): cross-border duty and VAT, which Tariffline covers.
  {
    id: "qE54",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Estimate the landed cost of shipping 50 cotton T-shirts from the US to a customer in Germany, including import duty and VAT.",
    },
    relevance: { "tariffline-trade-data": 2 },
  },
  // Near qE09 (insurance): a weather check for a property claim. Stormtrack's hail swaths need the
  // address geocoded to a bounding box first.
  {
    id: "qE55",
    kind: "fit",
    split: "dev",
    request: {
      outcome: "For a home-insurance claim, check whether hail fell near 1420 Elm St, Dallas, TX on 14 May 2026.",
    },
    relevance: { cirrusline: 2, "stormtrack-labs": 1 },
  },
  // Near qE35 (vehicle history): decoding and recalls, which the catalog has.
  {
    id: "qE56",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Before listing a used car, decode its 17-character VIN into make, model, year and engine, and list any open safety recalls.",
    },
    relevance: { "chassis-vin-decoder": 2 },
  },
  // Near qE16 (music licensing): detecting copyrighted music rather than licensing it.
  {
    id: "qE57",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Before we post a customer's video, scan it for copyrighted songs and tell me which tracks play and at what timestamps.",
    },
    relevance: { "soundprint-id": 2 },
  },
  // Near qE10 (trademark search): patent prior art. Citegraph covers the non-patent (scholarly)
  // part of prior art only.
  {
    id: "qE58",
    kind: "fit",
    split: "heldout",
    request: {
      outcome:
        "Prior-art search: find patents similar to our invention, a self-heating lunch box using a magnesium-iron reaction, with their claims.",
    },
    relevance: { patentry: 2, citegraph: 1 },
  },
  // Near qE05 (e-signature): proving when a signed file existed. Arkive can permanently store the
  // hash (not the file) with a transaction id, a workaround rather than a timestamp proof.
  {
    id: "qE59",
    kind: "fit",
    split: "dev",
    request: {
      outcome:
        "Produce a verifiable timestamp proof that our signed contract PDF existed today, without uploading the document itself.",
    },
    relevance: { stampwell: 2, "arkive-permanent": 1 },
  },
  // Near qE29 (certified translation): machine translation of an editable document, which
  // Tesserae does while keeping the formatting.
  {
    id: "qE60",
    kind: "fit",
    split: "heldout",
    request: {
      outcome: "Translate our onboarding guide (a DOCX file) into Japanese and keep its formatting.",
    },
    relevance: { "tesserae-translate": 2 },
  },
];
