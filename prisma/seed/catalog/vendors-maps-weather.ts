import type { Company, VendorSpec } from "./spec";
import { get, post } from "./spec";

const ISOBAR: Company = { slug: "isobar-weather", name: "Isobar Weather", domain: "isobarweather.com" };

export const MAPS_WEATHER_VENDORS: VendorSpec[] = [
  {
    slug: "isobar-weather",
    name: "Isobar Weather",
    domain: "isobarweather.com",
    company: ISOBAR,
    topic: "weather",
    what: "hourly forecasts",
    description:
      "Global point forecasts from a blended ensemble of national weather models, returned as compact JSON. Built for logistics, field-service and outdoor-event agents that need hourly temperature, precipitation and wind for any coordinate.",
    tags: ["weather", "forecast", "hourly", "global", "json"],
    evidence: [
      "Forecasts are refreshed every hour, and responses are cached at the edge for 10 minutes per rounded coordinate.",
      "Coordinates are rounded to two decimal places (about 1 km) before lookup.",
      "Responses are available in JSON and CSV; GeoJSON output is not supported.",
      "The batch endpoint accepts at most 100 points per request.",
    ],
    offers: [
      get("/v1/forecast/hourly", "0.002", "Hourly forecast for a coordinate for up to 240 hours ahead.", {
        lat: "47.6062",
        lon: "-122.3321",
        hours: "48",
        units: "metric",
      }),
      get("/v1/forecast/daily", "0.0015", "Daily highs, lows, precipitation probability and wind for up to 16 days.", {
        lat: "51.5072",
        lon: "-0.1276",
        days: "7",
      }),
      get("/v1/current", "0.001", "Current conditions interpolated from the nearest stations and radar.", {
        lat: "35.6762",
        lon: "139.6503",
      }),
      get("/v1/alerts", "0.001", "Active official weather warnings intersecting a point.", {
        lat: "29.7604",
        lon: "-95.3698",
      }),
      post("/v1/forecast/batch", "0.02", "Hourly forecasts for up to 100 coordinates in one call.", {
        points: [
          { lat: 40.7128, lon: -74.006 },
          { lat: 34.0522, lon: -118.2437 },
        ],
        hours: 24,
      }),
    ],
  },
  {
    slug: "isobar-climate-normals",
    name: "Isobar Climate Normals",
    domain: "isobarweather.com",
    api: "https://climate.isobarweather.com",
    docs: "https://docs.isobarweather.com/climate",
    company: ISOBAR,
    topic: "weather",
    what: "climate normals and seasonal outlooks",
    description:
      "30-year climate normals and three-month seasonal outlooks for any land coordinate. Useful for agents planning events, crop calendars or energy demand weeks to months ahead, where a deterministic forecast is not available.",
    tags: ["climate", "seasonal", "normals", "planning"],
    evidence: [
      "Normals cover the 1991–2020 reference period at a 0.1° grid resolution.",
      "Seasonal outlooks are updated on the 5th of each month.",
      "Ocean points return a 404 because normals are computed for land cells only.",
    ],
    offers: [
      get(
        "/v1/normals/monthly",
        "0.003",
        "Monthly 1991–2020 normals for temperature, precipitation and sunshine hours at a coordinate.",
        { lat: "41.9028", lon: "12.4964" },
      ),
      get("/v1/outlook/seasonal", "0.006", "Three-month tercile outlook for temperature and precipitation anomalies.", {
        lat: "-33.8688",
        lon: "151.2093",
        months: "3",
      }),
    ],
  },
  {
    slug: "tidewell-marine-forecasts",
    name: "Tidewell Marine Forecasts",
    domain: "tidewell.io",
    company: { slug: "tidewell-oceanics", name: "Tidewell Oceanics Ltd", domain: "tidewell.io" },
    topic: "weather",
    what: "wave and tide forecasts",
    description:
      "Marine forecasts for sailors, shipping planners and coastal operations: wave height, swell period, sea-surface temperature and tide times for any offshore point or 4,800 tide stations.",
    tags: ["marine", "tides", "waves", "ocean"],
    evidence: [
      "Tide predictions are harmonic predictions and do not include storm surge.",
      "Wave forecasts come from a 0.25° global wave model, refined to 0.05° near European and North American coasts.",
      "The API does not provide navigational warnings and must not be used as the sole source for navigation.",
    ],
    offers: [
      get(
        "/v1/marine/forecast",
        "0.003",
        "Hourly significant wave height, swell direction and period, and wind for an offshore point.",
        { lat: "50.1", lon: "-5.5", hours: "72" },
      ),
      get(
        "/v1/tides/predictions",
        "0.002",
        "High and low tide times and heights for a tide station over a date range.",
        { station: "GB-0012", from: "2026-11-02", days: "7" },
      ),
      get("/v1/tides/stations", "0.0005", "Nearest tide stations to a coordinate.", {
        lat: "36.8",
        lon: "-76.0",
        limit: "5",
      }),
      get("/v1/sst", "0.002", "Daily sea-surface temperature at a point.", { lat: "25.76", lon: "-80.19" }),
    ],
  },
  {
    slug: "cirrusline",
    name: "Cirrusline",
    domain: "cirrusline.dev",
    topic: "weather",
    what: "historical weather records",
    description:
      "Historical hourly weather back to 1950 for any coordinate, drawn from reanalysis data and quality-controlled station records. Aimed at insurance claims checks, analytics agents and anyone backfilling weather features for models.",
    tags: ["weather", "historical", "reanalysis", "analytics"],
    evidence: [
      "Records before 1979 are reanalysis-only and have no station blending.",
      "Date ranges longer than 31 days on the hourly endpoint return a 422 error.",
      "Output can be requested as JSON, CSV or Parquet.",
    ],
    offers: [
      get(
        "/v2/history/hourly",
        "0.004",
        "Hourly observed or reanalysis weather for a coordinate and a date range of up to 31 days.",
        { lat: "52.52", lon: "13.405", start: "2025-07-01", end: "2025-07-07" },
      ),
      get("/v2/history/daily", "0.003", "Daily aggregates for a coordinate over up to 366 days.", {
        lat: "19.4326",
        lon: "-99.1332",
        start: "2025-01-01",
        end: "2025-12-31",
      }),
      post(
        "/v2/history/claims-check",
        "0.03",
        "Checks whether hail, strong wind or heavy rain occurred near an address on a given date.",
        { address: "1420 Elm St, Dallas, TX 75201", date: "2026-05-14", perils: ["hail", "wind"] },
      ),
    ],
  },
  {
    slug: "stormtrack-labs",
    name: "Stormtrack Labs",
    domain: "stormtracklabs.com",
    topic: "weather",
    what: "lightning and hail data",
    description:
      "Severe-weather intelligence for North America and Europe: lightning strikes, hail swaths and tornado warnings as they happen. Used by utilities, insurers and event-safety agents that need to react within minutes.",
    tags: ["severe-weather", "lightning", "hail", "alerts"],
    fix: { webhooks: true },
    evidence: [
      "Lightning coverage is limited to North America and Europe; other regions return an empty list.",
      "Hail swaths are published about 30 minutes after a storm cell passes.",
      "Subscriptions expire after 24 hours and must be renewed with a new payment.",
    ],
    offers: [
      get("/v1/lightning/recent", "0.003", "Lightning strikes within a radius of a point over the last 60 minutes.", {
        lat: "33.749",
        lon: "-84.388",
        radius_km: "40",
      }),
      get("/v1/hail/swaths", "0.008", "Estimated hail swaths with maximum stone size for a date and bounding box.", {
        date: "2026-06-18",
        bbox: "-98.5,32.5,-96.0,34.0",
      }),
      post(
        "/v1/subscriptions",
        "0.05",
        "Registers a geofence and a webhook that receives lightning and warning events for 24 hours.",
        {
          lat: 51.05,
          lon: 3.72,
          radius_km: 25,
          events: ["lightning", "warning"],
          webhook_url: "https://example.com/hooks/storm",
        },
      ),
      get("/v1/warnings", "0.001", "Official severe-weather warnings covering a point.", {
        lat: "39.0997",
        lon: "-94.5786",
      }),
    ],
  },
  {
    slug: "agrimet-fields",
    name: "Agrimet Fields",
    domain: "agrimetfields.com",
    topic: "weather",
    what: "soil-moisture and spray-window estimates",
    description:
      "Field-level agronomic weather for farm-management agents: soil moisture, evapotranspiration, growing degree days and spray-window advice for a field boundary or centroid.",
    tags: ["agriculture", "soil-moisture", "evapotranspiration", "farming"],
    evidence: [
      "Field polygons larger than 500 hectares are rejected; split them before calling the spray-window endpoint.",
      "Soil moisture is a model estimate and is not calibrated to in-field probes.",
      "Coverage includes all cropland between 60°S and 70°N.",
    ],
    offers: [
      get("/v1/soil-moisture", "0.004", "Modelled volumetric soil moisture at 0–10, 10–40 and 40–100 cm depth.", {
        lat: "41.878",
        lon: "-93.097",
      }),
      get("/v1/gdd", "0.002", "Accumulated growing degree days since a planting date for a chosen base temperature.", {
        lat: "40.0",
        lon: "-88.0",
        planted: "2026-05-01",
        base_c: "10",
      }),
      post(
        "/v1/spray-window",
        "0.01",
        "Returns the next suitable spray windows for a field polygon given wind, rain and temperature limits.",
        {
          field: {
            type: "Polygon",
            coordinates: [
              [
                [-93.1, 41.87],
                [-93.09, 41.87],
                [-93.09, 41.88],
                [-93.1, 41.88],
                [-93.1, 41.87],
              ],
            ],
          },
          max_wind_kmh: 15,
          rain_free_hours: 6,
        },
      ),
      get("/v1/et0", "0.002", "Daily reference evapotranspiration (FAO-56) for the past 14 and next 7 days.", {
        lat: "36.77",
        lon: "-119.42",
      }),
    ],
  },
  {
    slug: "breezepoint-air",
    name: "Breezepoint Air",
    domain: "breezepointair.com",
    topic: "weather",
    what: "air-quality readings",
    description:
      "Air quality and pollen data for consumer health apps and scheduling agents: current AQI by national index, pollutant concentrations and a five-day pollen forecast.",
    tags: ["air-quality", "pollen", "health", "aqi"],
    evidence: [
      "Supported indices are US EPA, European CAQI, UK DAQI, India NAQI and China AQI.",
      "Pollen forecasts are available for Europe, North America and Japan only.",
      "Values are returned in µg/m³ unless ppb is requested with units=ppb.",
    ],
    offers: [
      get("/v1/aqi/current", "0.001", "Current air-quality index and dominant pollutant for a coordinate.", {
        lat: "28.6139",
        lon: "77.209",
        index: "us-epa",
      }),
      get("/v1/aqi/forecast", "0.002", "Hourly AQI forecast for the next 96 hours.", { lat: "48.8566", lon: "2.3522" }),
      get("/v1/pollen/forecast", "0.0015", "Five-day tree, grass and weed pollen levels.", {
        lat: "45.4642",
        lon: "9.19",
      }),
    ],
  },
  {
    slug: "sunfield-irradiance",
    name: "Sunfield Irradiance",
    domain: "sunfieldirradiance.com",
    topic: "weather",
    what: "irradiance forecasts",
    description:
      "Solar irradiance and PV yield forecasts for solar operators, energy traders and home-battery agents. Returns GHI, DNI and expected kWh for a described PV system.",
    tags: ["solar", "irradiance", "energy", "forecast"],
    evidence: [
      "Irradiance forecasts blend satellite cloud-motion nowcasts for the first 4 hours with numerical weather models afterwards.",
      "Historical data are satellite-derived and available from 2007 onwards.",
      "The PV yield model does not account for snow cover on panels.",
    ],
    offers: [
      get("/v1/irradiance/forecast", "0.003", "15-minute GHI, DNI and DHI forecast for up to 7 days.", {
        lat: "37.3891",
        lon: "-5.9845",
        days: "3",
      }),
      post("/v1/pv/yield", "0.008", "Expected AC output in kWh for a PV system description over the next 48 hours.", {
        lat: -23.55,
        lon: -46.63,
        capacity_kw: 8.4,
        tilt: 20,
        azimuth: 0,
        losses_pct: 14,
      }),
      get("/v1/irradiance/history", "0.004", "Satellite-derived historical irradiance since 2007.", {
        lat: "31.7683",
        lon: "35.2137",
        start: "2024-01-01",
        end: "2024-12-31",
      }),
    ],
  },
  {
    slug: "gustline-wind",
    name: "Gustline Wind",
    domain: "gustline.com",
    topic: "weather",
    what: "wind profiles",
    description:
      "Wind forecasts at heights from 10 m to 200 m for wind-farm operators, drone-delivery planners and sailing agents, including gust and turbulence indicators.",
    tags: ["wind", "drones", "energy", "forecast"],
    evidence: [
      "Hub-height winds are derived by vertical interpolation from model levels and are not measured.",
      "The flyability score does not consider airspace restrictions.",
    ],
    offers: [
      get(
        "/v1/wind/profile",
        "0.003",
        "Hourly wind speed and direction at 10, 50, 100, 150 and 200 m for a coordinate.",
        { lat: "55.68", lon: "12.57", hours: "48" },
      ),
      get("/v1/drone/flyability", "0.002", "Go/no-go flyability score for small drones over the next 12 hours.", {
        lat: "37.7749",
        lon: "-122.4194",
        max_wind_ms: "10",
      }),
    ],
  },
  {
    slug: "waypoint-geocode",
    name: "Waypoint Geocode",
    domain: "waypointgeo.dev",
    topic: "geo",
    what: "geocoding results",
    description:
      "Forward and reverse geocoding for addresses in 240 countries, with structured components and confidence scores. Designed for delivery, CRM-cleanup and travel agents that need a lat/lon from messy text.",
    tags: ["geocoding", "addresses", "reverse-geocoding", "maps"],
    evidence: [
      "Every result includes a confidence score between 0 and 1 and a match level such as rooftop, street or locality.",
      "Results may be stored permanently by the caller; the terms place no caching restriction on them.",
      "Batch requests are capped at 1,000 addresses and are processed synchronously.",
      "Address data combines open data sources with licensed postal files for 38 countries.",
    ],
    offers: [
      get(
        "/v1/geocode",
        "0.001",
        "Converts a free-form address or place name into coordinates and structured components.",
        { q: "221B Baker Street, London", limit: "1" },
      ),
      get("/v1/reverse", "0.001", "Returns the nearest address and administrative areas for a coordinate.", {
        lat: "40.748817",
        lon: "-73.985428",
      }),
      post("/v1/geocode/batch", "0.04", "Geocodes up to 1,000 addresses in one request.", {
        addresses: ["1600 Pennsylvania Ave NW, Washington, DC", "Plaza Mayor 1, Madrid"],
        country_hint: "US",
      }),
      get("/v1/autocomplete", "0.0005", "Address suggestions for partial input, biased to a focus point.", {
        q: "Kurfürstendamm 2",
        focus_lat: "52.5",
        focus_lon: "13.3",
      }),
    ],
  },
  {
    slug: "parcelgrid",
    name: "Parcelgrid",
    domain: "parcelgrid.io",
    topic: "geo",
    what: "address validations and parcel records",
    description:
      "US and Canadian address validation with postal standardization, plus parcel boundaries and land-use codes for property-tech and insurance agents.",
    tags: ["address-validation", "parcels", "property", "north-america"],
    evidence: [
      "Parcel coverage spans 3,100 US counties and all Canadian provinces except Nunavut.",
      "Owner records are refreshed from county assessor files quarterly.",
      "Address validation only accepts US and Canadian addresses.",
    ],
    offers: [
      post(
        "/v1/address/validate",
        "0.002",
        "Standardizes an address, checks deliverability and returns ZIP+4 and residential/commercial flags.",
        { street: "350 fifth ave", city: "new york", state: "ny", zip: "10118" },
      ),
      get("/v1/parcel", "0.01", "Parcel boundary polygon, APN, lot size and land-use code for a coordinate.", {
        lat: "30.2672",
        lon: "-97.7431",
      }),
      get("/v1/parcel/owner", "0.025", "Assessor-recorded owner name and mailing address for a parcel.", {
        apn: "0123-456-789",
        county_fips: "48453",
      }),
    ],
  },
  {
    slug: "lanecraft-routing",
    name: "Lanecraft Routing",
    domain: "lanecraft.io",
    topic: "geo",
    what: "routes and travel-time matrices",
    description:
      "Routing for vehicles, bikes and pedestrians: turn-by-turn directions, distance matrices up to 100×100 and drive-time isochrones. Built for dispatch and travel-planning agents.",
    tags: ["routing", "directions", "isochrones", "distance-matrix"],
    evidence: [
      "Matrix pricing scales with the number of cells; the quoted price covers up to 100 cells.",
      "Truck routing honours height, weight and hazmat restrictions in Europe and North America.",
      "Live traffic is not included; travel times use historical speed profiles by hour of week.",
    ],
    offers: [
      get("/v1/route", "0.002", "Turn-by-turn route between two or more waypoints for car, truck, bike or foot.", {
        from: "48.8584,2.2945",
        to: "48.8606,2.3376",
        mode: "car",
      }),
      post(
        "/v1/matrix",
        "0.03",
        "Travel time and distance matrix for up to 100 origins and 100 destinations.",
        {
          origins: [
            [52.37, 4.89],
            [52.09, 5.12],
          ],
          destinations: [
            [51.92, 4.48],
            [52.16, 4.49],
          ],
          mode: "truck",
        },
        true,
      ),
      get("/v1/isochrone", "0.004", "Polygon reachable within a drive or walk time from a point.", {
        lat: "41.3851",
        lon: "2.1734",
        minutes: "15",
        mode: "foot",
      }),
      post("/v1/optimize", "0.08", "Solves a vehicle routing problem with time windows for up to 200 stops.", {
        vehicles: [{ id: "van-1", start: [53.48, -2.24], capacity: 40 }],
        stops: [{ id: "s1", location: [53.41, -2.98], window: ["09:00", "12:00"] }],
      }),
    ],
  },
  {
    slug: "locus-atlas",
    name: "Locus Atlas",
    domain: "locusatlas.com",
    topic: "geo",
    what: "place listings",
    also: "search",
    description:
      "Points-of-interest search over 90 million places with categories, opening hours and contact details. Good for local-discovery, travel and sales-prospecting agents.",
    tags: ["places", "poi", "local-search", "maps"],
    evidence: [
      "Opening hours are present for about 62% of places; the field is omitted when unknown.",
      "The category taxonomy has 410 categories in a three-level hierarchy.",
      "Results are ranked by a blend of text relevance, distance and popularity.",
    ],
    offers: [
      get("/v1/places/search", "0.003", "Finds places matching a query near a point or within a bounding box.", {
        q: "vegan bakery",
        lat: "45.5152",
        lon: "-122.6784",
        radius_m: "3000",
      }),
      get("/v1/places/details", "0.002", "Full details for a place including hours, phone and website.", {
        id: "la_8f2k1m0q",
      }),
      get("/v1/places/nearby", "0.002", "Places in a category sorted by distance.", {
        lat: "1.3521",
        lon: "103.8198",
        category: "pharmacy",
        limit: "20",
      }),
    ],
  },
  {
    slug: "tessellate-maps",
    name: "Tessellate Maps",
    domain: "tessellatemaps.com",
    topic: "geo",
    what: "static map images",
    also: "media",
    description:
      "Static map images and vector tiles rendered on demand, with markers, paths and several cartographic styles. For agents that need to attach a map to a report, email or chat message.",
    tags: ["static-maps", "tiles", "rendering", "cartography"],
    evidence: [
      "Static images are limited to 2048×2048 pixels and support @2x retina output.",
      "Map data comes from OpenStreetMap, and attribution must be shown with every image.",
      "Five styles are available: light, dark, streets, satellite-hybrid and print.",
    ],
    offers: [
      get(
        "/v1/static",
        "0.002",
        "PNG or WebP map image for a center, zoom and size, with optional markers and paths.",
        { center: "59.3293,18.0686", zoom: "13", size: "800x500", style: "light", markers: "59.3326,18.0649" },
      ),
      get("/v1/tiles/vector", "0.0005", "A single vector tile in MVT format for z/x/y.", {
        z: "12",
        x: "2200",
        y: "1343",
      }),
      post("/v1/static/geojson", "0.004", "Renders a map image fitted to arbitrary GeoJSON features.", {
        geojson: {
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              geometry: { type: "Point", coordinates: [-0.1276, 51.5072] },
              properties: { label: "HQ" },
            },
          ],
        },
        size: "1024x768",
        style: "dark",
      }),
    ],
  },
  {
    slug: "contourline-elevation",
    name: "Contourline Elevation",
    domain: "contourline.dev",
    topic: "geo",
    what: "elevation profiles",
    description:
      "Elevation and terrain data: point elevations, elevation profiles along a path and slope/aspect, from a global 30 m digital elevation model. For hiking, drone and solar-siting agents.",
    tags: ["elevation", "terrain", "dem", "profiles"],
    evidence: [
      "The underlying model has 30 m resolution globally and 1 m lidar-derived resolution for parts of the US, UK and Netherlands.",
      "Elevations are returned relative to the EGM2008 geoid.",
      "Water surfaces return the elevation of the water surface, not the bed.",
    ],
    offers: [
      get("/v1/elevation", "0.0005", "Elevation in metres for up to 50 coordinates.", {
        locations: "46.5586,7.9022|45.8326,6.8652",
      }),
      post("/v1/profile", "0.002", "Elevation profile sampled along a polyline with total ascent and descent.", {
        path: [
          [46.55, 7.98],
          [46.58, 7.95],
          [46.6, 7.9],
        ],
        samples: 200,
      }),
      get("/v1/slope", "0.001", "Slope and aspect at a coordinate.", { lat: "39.1911", lon: "-106.8175" }),
    ],
  },
  {
    slug: "meridian-zones",
    name: "Meridian Zones",
    domain: "meridianzones.dev",
    topic: "geo",
    what: "time-zone lookups",
    description:
      "Time zone, UTC offset, daylight-saving transitions and sunrise/sunset for any coordinate. A small utility API that scheduling agents call before booking across regions.",
    tags: ["timezone", "sunrise", "scheduling", "utility"],
    evidence: [
      "Time zone boundaries track the IANA tz database and are updated within a week of each release.",
      "Above the polar circles, sunrise and sunset are returned as null during polar night.",
    ],
    offers: [
      get("/v1/timezone", "0.0005", "IANA time zone ID, current offset and next DST transition for a coordinate.", {
        lat: "-36.8485",
        lon: "174.7633",
      }),
      get("/v1/sun", "0.0005", "Sunrise, sunset, civil twilight and golden hour for a date and coordinate.", {
        lat: "64.1466",
        lon: "-21.9426",
        date: "2026-12-21",
      }),
    ],
  },
  {
    slug: "netlocus-ip-geo",
    name: "Netlocus IP Geo",
    domain: "netlocus.io",
    topic: "geo",
    what: "IP geolocation lookups",
    also: "web-data",
    description:
      "IP address geolocation with city, ASN, connection type and VPN/proxy flags. Used by fraud-screening and content-localization agents.",
    tags: ["ip-geolocation", "asn", "fraud", "vpn-detection"],
    evidence: [
      "City-level accuracy is about 78% within 50 km for the US and lower for mobile carriers.",
      "The database is rebuilt daily.",
      "Bulk lookups are limited to 500 addresses per request.",
    ],
    offers: [
      get("/v1/ip", "0.0005", "City-level location, ASN and connection type for an IPv4 or IPv6 address.", {
        ip: "203.0.113.45",
      }),
      post("/v1/ip/bulk", "0.01", "Looks up to 500 IP addresses in one call.", {
        ips: ["198.51.100.7", "2001:db8::1"],
      }),
      get("/v1/ip/privacy", "0.001", "VPN, proxy, Tor and hosting-provider flags for an address.", {
        ip: "192.0.2.10",
      }),
    ],
  },
  {
    slug: "quakewatch-feed",
    name: "Quakewatch Feed",
    domain: "quakewatch.dev",
    company: { slug: "halvorsen-geophysics", name: "Halvorsen Geophysics", domain: "halvorsengeo.com" },
    topic: "data",
    what: "earthquake event records",
    description:
      "Earthquake events and shaking estimates aggregated from regional seismic networks, with magnitude, depth and felt intensity. For logistics, insurance and travel-safety agents monitoring hazards.",
    tags: ["earthquakes", "hazards", "seismic", "alerts"],
    evidence: [
      "Events appear in the feed a median of 4 minutes after origin time, and magnitudes may be revised during the first hour.",
      "Shaking estimates are modelled and are not instrument readings.",
      "The API does not issue early warnings.",
    ],
    offers: [
      get("/v1/events", "0.001", "Earthquakes above a magnitude within a radius and time window.", {
        lat: "35.6895",
        lon: "139.6917",
        radius_km: "300",
        min_mag: "4.5",
        since: "2026-10-01",
      }),
      get("/v1/shaking", "0.003", "Estimated peak ground acceleration and intensity at a site for a given event.", {
        event_id: "qw2026abcd",
        lat: "34.05",
        lon: "-118.24",
      }),
    ],
  },
  {
    slug: "boreal-snowpack",
    name: "Boreal Snowpack",
    domain: "borealsnow.com",
    company: { slug: "northcrest-mountain-data", name: "Northcrest Mountain Data", domain: "northcrestdata.com" },
    topic: "weather",
    what: "snow reports",
    description:
      "Snow depth, new-snow forecasts and avalanche danger ratings for ski resorts and backcountry zones in the Alps, Scandinavia and North America. Aimed at travel and outdoor-planning agents.",
    tags: ["snow", "ski", "avalanche", "mountains"],
    evidence: [
      "Avalanche bulletins are republished unchanged from official warning services, with attribution.",
      "Resort coverage is 1,140 resorts across the Alps, Pyrenees, Scandinavia, the US and Canada.",
      "During the off-season, snow reports return the last reported values with a stale flag.",
    ],
    offers: [
      get("/v1/resorts/snow", "0.002", "Base and summit snow depth plus a 72-hour new-snow forecast for a resort.", {
        resort: "zermatt",
      }),
      get("/v1/avalanche", "0.002", "Latest avalanche danger level and avalanche problems for a forecast zone.", {
        zone: "CH-4113",
      }),
      get("/v1/resorts/search", "0.0005", "Resorts near a coordinate.", {
        lat: "47.2692",
        lon: "11.4041",
        radius_km: "50",
      }),
    ],
  },
  {
    slug: "skyfix-aviation-weather",
    name: "Skyfix Aviation Weather",
    domain: "skyfixwx.com",
    company: { slug: "skyfix-aviation", name: "Skyfix Aviation Services", domain: "skyfix.aero" },
    topic: "weather",
    what: "decoded METARs and TAFs",
    description:
      "Decoded METAR and TAF reports, winds aloft and flight-category summaries for 9,000 airports. For flight-planning and travel-disruption agents; not certified for operational flight planning.",
    tags: ["aviation", "metar", "taf", "airports"],
    evidence: [
      "METARs are fetched from official feeds every minute and cached for 60 seconds.",
      "Raw report text is always included alongside the decoded fields.",
      "Data are advisory only and are not approved for operational flight planning.",
    ],
    offers: [
      get("/v1/metar", "0.0005", "Latest METAR for an ICAO airport, raw and decoded.", { icao: "KSFO" }),
      get("/v1/taf", "0.001", "Current TAF for an airport, decoded into time blocks.", { icao: "EGLL" }),
      get(
        "/v1/route-weather",
        "0.004",
        "Flight categories and significant weather along a great-circle route between two airports.",
        { from: "KJFK", to: "EIDW" },
      ),
    ],
  },
  {
    slug: "perimeter-geofence",
    name: "Perimeter Geofence",
    domain: "perimetergeo.io",
    topic: "geo",
    what: "boundary lookups",
    description:
      "Point-in-polygon checks against administrative boundaries, postal areas and your own uploaded geofences. Compliance and delivery agents use it to answer 'which county, ZIP or zone is this in?'",
    tags: ["geofencing", "boundaries", "point-in-polygon", "compliance"],
    fix: { dataRetentionDays: 30 },
    evidence: [
      "Administrative boundaries cover 200 countries down to the second level, and postal areas cover 34 countries.",
      "Uploaded fence sets expire after 30 days.",
      "Polygons may contain at most 10,000 vertices each.",
    ],
    offers: [
      get("/v1/boundaries/lookup", "0.001", "Country, state, county, city and postal area containing a coordinate.", {
        lat: "39.7392",
        lon: "-104.9903",
      }),
      post("/v1/fences", "0.01", "Uploads a GeoJSON geofence set valid for 30 days.", {
        name: "delivery-zones",
        features: [
          {
            type: "Feature",
            properties: { zone: "A" },
            geometry: {
              type: "Polygon",
              coordinates: [
                [
                  [-105.0, 39.7],
                  [-104.9, 39.7],
                  [-104.9, 39.8],
                  [-105.0, 39.8],
                  [-105.0, 39.7],
                ],
              ],
            },
          },
        ],
      }),
      post("/v1/fences/check", "0.001", "Checks up to 100 points against an uploaded fence set.", {
        fence_set: "delivery-zones",
        points: [
          [39.75, -104.95],
          [39.71, -105.02],
        ],
      }),
    ],
  },
  {
    slug: "floodplain-analytics",
    name: "Floodplain Analytics",
    domain: "floodplainanalytics.com",
    topic: "geo",
    what: "flood risk scores",
    description:
      "Flood risk scores, flood-zone designations and historical flood events for a property address. For mortgage, insurance and real-estate agents doing due diligence.",
    tags: ["flood-risk", "property", "insurance", "hazards"],
    evidence: [
      "Risk scores cover the US, UK, Netherlands and Germany.",
      "Regulatory flood zones are available for US locations only.",
      "Scores are recalculated annually and include a climate-adjusted 2050 scenario.",
    ],
    offers: [
      get("/v1/risk", "0.02", "Flood risk score from 1 to 10 with 100-year and 500-year inundation depth estimates.", {
        address: "500 Canal St, New Orleans, LA 70130",
      }),
      get("/v1/zone", "0.005", "Regulatory flood-zone designation for a US coordinate.", {
        lat: "25.7907",
        lon: "-80.13",
      }),
      get("/v1/history", "0.01", "Recorded flood events within 1 km since 1980.", { lat: "51.9244", lon: "4.4777" }),
    ],
  },
];
