// The need taxonomy (issue 26, item 1): what a request asks to be delivered and what a service
// delivers, read as action + object; incidental words alone name no need. The shortlist against
// the seeded catalog (real PostgreSQL, real embeddings) answers a need no service delivers with
// no matches and says which need is missing.
import { describe, expect, it } from "vitest";
import { buildShortlist } from "./build-shortlist";
import { coreNeedOf, serviceNeedText, servicesDelivering } from "./need-index";
import { needsNamed } from "./need-taxonomy";
import { shortlistSchema } from "./result-schema";

const ids = (text: string) => needsNamed(text).map((n) => n.id);

describe("needsNamed: a request's core need", () => {
  it("reads action + object, and terms that name a need on their own", () => {
    expect(ids("Text a reminder to their mobile phone the evening before")).toEqual(["sms"]);
    expect(ids("Deliver login codes by SMS")).toEqual(["sms"]);
    expect(ids("We want to take card payments in our online shop and refund them")).toEqual(["card-payments"]);
    expect(ids("Place a limit order to buy 10 shares of a stock at market open")).toEqual(["trade-execution"]);
    expect(ids("Send order confirmation emails to shoppers")).toEqual(["email-send"]);
    expect(ids("Where is my parcel? Look it up by tracking number")).toEqual(["parcel-tracking"]);
    expect(ids("Geocode our warehouse addresses")).toEqual(["geocoding"]);
  });

  it("names nothing from incidental words alone: message, receipt, customer, number, delivery, data, payment", () => {
    expect(ids("Store customer messages and delivery receipts with the order number")).toEqual([]);
    expect(ids("Pay per request, data returned as JSON, payment in USDC")).toEqual([]);
    expect(ids("Read the phone number and total from a photographed receipt")).toEqual([]);
  });

  it("reads action and object inside one clause only, close together", () => {
    expect(ids("Send the report to finance. Then archive every text message from the helpdesk.")).toEqual([]);
    expect(ids("Our training videos need subtitles")).toEqual([]);
  });

  it("reads a service's offers, description and tags", () => {
    const text = serviceNeedText({
      description: "Carrier-agnostic shipment visibility for e-commerce.",
      tags: ["logistics"],
      offers: [
        { method: "GET", path: "/v1/track/{tracking_number}", description: "Tracks a parcel across 900 carriers." },
      ],
    });
    expect(needsNamed(text).map((n) => n.id)).toEqual(["parcel-tracking"]);
  });
});

describe("the need index of the seeded catalog", () => {
  it("finds the services that deliver a need, and none for needs the catalog lacks", async () => {
    expect((await servicesDelivering("weather-forecast")).size).toBeGreaterThan(0);
    expect((await servicesDelivering("translation")).size).toBeGreaterThan(0);
    for (const missing of ["sms", "email-send", "card-payments", "trade-execution"])
      expect((await servicesDelivering(missing)).size, missing).toBe(0);
    const need = await coreNeedOf("Send a one-time passcode by SMS");
    expect(need.named.map((n) => n.id)).toEqual(["sms"]);
    expect(need.deliverers.size).toBe(0);
    expect((await coreNeedOf("collect the rows into a table")).named).toEqual([]);
  });
});

describe("the shortlist for a need no service delivers", () => {
  it.each([
    ["Send an SMS one-time passcode to a user's phone when they log in", "sends SMS text messages"],
    ["Transactional email API: send password-reset and receipt emails to our customers", "sends email"],
    ["Execute stock trades for our portfolio agent: buy and sell shares at market", "executes stock or crypto trades"],
    ["Accept card payments at checkout and charge the customer's credit card", "accepts card payments"],
  ])("%s → no matches, the missing need named", async (outcome, does) => {
    for (const search of ["all", "hybrid"] as const) {
      const s = await buildShortlist({ outcome, search });
      shortlistSchema.parse(s);
      expect(s.matches, search).toEqual([]);
      expect(s.note).toMatch(/^Nothing in the catalog fits this request closely enough/);
      expect(s.nothingFits!.summary).toMatch(
        new RegExp(`^No service in the catalog ${does}: the catalog has no service`),
      );
      expect(s.nothingFits!.closest.length).toBeGreaterThan(0);
      // What came closest shares words, not the need: its score is never offered as a chance it serves.
      for (const c of s.nothingFits!.closest) {
        expect(c.whyNot).toContain(`It is not a service that ${does}, which the request needs.`);
        expect(c.whyNot).not.toContain("estimated probability that it serves");
      }
    }
  });

  it("still answers a need the catalog delivers", async () => {
    const weather = await buildShortlist({ outcome: "Daily weather forecast with rain for 200 shops", search: "all" });
    expect(weather.matches[0]!.service.slug).toBe("isobar-weather");
    expect(weather.nothingFits).toBeUndefined();
    const translate = await buildShortlist({ outcome: "Translate our help articles into German", search: "hybrid" });
    expect(translate.matches[0]!.service.slug).toBe("tesserae-translate");
  });
});
