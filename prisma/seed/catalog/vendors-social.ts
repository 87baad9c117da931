import type { Company, VendorSpec } from "./spec";
import { get, post } from "./spec";

const MENTIONMILL: Company = { slug: "mentionmill", name: "Mentionmill", domain: "mentionmill.com" };

export const SOCIAL_VENDORS: VendorSpec[] = [
  {
    slug: "chirpgraph",
    name: "Chirpgraph",
    domain: "chirpgraph.io",
    topic: "social",
    what: "post search results",
    description:
      "Search and profile lookup for public posts on open social protocols such as the AT Protocol and ActivityPub. For social-listening and research agents that need post text, authors and engagement.",
    tags: ["social-search", "posts", "profiles", "open-social"],
    evidence: [
      "Posts are indexed within about 30 seconds of being published.",
      "Deleted posts are removed from search results within an hour.",
      "Only public posts are indexed; content from private or followers-only accounts is never collected.",
    ],
    offers: [
      get("/v1/posts/search", "0.002", "Public posts matching a query, with author, time and engagement counts.", {
        q: "heat pump install",
        since: "2026-10-20",
        lang: "en",
      }),
      get("/v1/profiles", "0.001", "Profile details and follower counts for a handle.", {
        handle: "alice.example.social",
      }),
      get("/v1/posts/thread", "0.002", "A post with its full reply thread.", {
        uri: "at://did:plc:7iza6de2dwap2sbk/post/3kq2",
      }),
    ],
  },
  {
    slug: "fediscope",
    name: "Fediscope",
    domain: "fediscope.net",
    topic: "social",
    what: "instance directory entries",
    description:
      "Directory and search for ActivityPub servers: instance metadata, moderation policies, user counts and federated hashtag search. For community-research and moderation agents.",
    tags: ["fediverse", "activitypub", "instances", "moderation"],
    evidence: [
      "Fediscope crawls about 21,000 instances daily.",
      "Instances that opt out through robots.txt or a noindex profile flag are excluded.",
    ],
    offers: [
      get("/v1/instances", "0.001", "Instances filtered by language, size and registration policy.", {
        lang: "de",
        min_users: "1000",
        open: "true",
      }),
      get("/v1/instances/detail", "0.001", "Rules, software version, blocklists and uptime for an instance.", {
        domain: "social.example.org",
      }),
      get("/v1/hashtags", "0.002", "Recent public posts using a hashtag across federated instances.", {
        tag: "gardening",
        limit: "40",
      }),
    ],
  },
  {
    slug: "mentionmill-monitor",
    name: "Mentionmill Monitor",
    domain: "mentionmill.com",
    docs: "https://docs.mentionmill.com/monitor",
    company: MENTIONMILL,
    topic: "social",
    what: "brand mentions",
    description:
      "Finds mentions of a brand, product or person across social networks, news, blogs and forums, with reach and sentiment. For marketing and PR agents.",
    tags: ["brand-monitoring", "mentions", "social-listening", "pr"],
    evidence: [
      "Sources include public social networks, 90,000 news sites, blogs and forums.",
      "Historical search depth is 12 months.",
      "Boolean queries with AND, OR, NOT and quoted phrases are supported.",
    ],
    offers: [
      get("/v1/mentions", "0.005", "Mentions of a keyword across sources for a date range.", {
        q: '"Northbeam Bikes"',
        from: "2026-10-01",
        sources: "social,news,forums",
      }),
      get("/v1/mentions/summary", "0.01", "Volume, reach and sentiment breakdown for a keyword.", {
        q: "Northbeam Bikes",
        period: "30d",
      }),
      get("/v1/mentions/top-authors", "0.006", "Most influential authors mentioning a keyword.", {
        q: "Northbeam Bikes",
        limit: "20",
      }),
    ],
  },
  {
    slug: "mentionmill-alerts",
    name: "Mentionmill Alerts",
    domain: "mentionmill.com",
    api: "https://alerts.mentionmill.com",
    docs: "https://docs.mentionmill.com/alerts",
    company: MENTIONMILL,
    topic: "social",
    what: "mention alerts",
    description:
      "Real-time alert rules on top of Mentionmill's mention stream, pushing matches to a webhook with de-duplication and volume thresholds. For agents that must react quickly to a brand issue.",
    tags: ["alerts", "webhooks", "social-listening", "real-time"],
    fix: { webhooks: true },
    evidence: [
      "Alerts are delivered to a webhook, with retries for up to 24 hours.",
      "Each rule can match at most 5,000 mentions per day before it is throttled.",
    ],
    offers: [
      post("/v1/rules", "0.04", "Creates an alert rule that stays active for 30 days.", {
        q: '"Northbeam Bikes" AND (recall OR fire)',
        webhook_url: "https://example.com/hooks/mentions",
        min_reach: 1000,
      }),
      get("/v1/rules", "0.0005", "Lists active rules and their match counts.", { status: "active" }),
    ],
  },
  {
    slug: "sentimentry",
    name: "Sentimentry",
    domain: "sentimentry.io",
    topic: "social",
    what: "sentiment scores",
    also: "ai-models",
    description:
      "Sentiment, emotion and topic classification tuned for short social posts, including slang, emoji and sarcasm. For analytics and customer-care agents scoring large volumes of posts.",
    tags: ["sentiment", "emotion", "classification", "nlp"],
    evidence: [
      "Supported languages are English, Spanish, Portuguese, French, German, Italian, Japanese and Indonesian.",
      "Sarcasm detection is returned as a separate flag.",
      "Texts longer than 2,000 characters are truncated.",
    ],
    offers: [
      post("/v1/sentiment", "0.0005", "Positive, negative and neutral scores for one post.", {
        text: "ngl the new update is 🔥 but battery life is rough",
      }),
      post("/v1/sentiment/batch", "0.02", "Scores up to 500 posts.", {
        texts: ["love it", "worst support ever"],
        lang: "en",
      }),
      post("/v1/topics", "0.002", "Assigns topics from a custom label set.", {
        text: "Checkout keeps failing on mobile",
        labels: ["billing", "bugs", "shipping", "praise"],
      }),
    ],
  },
  {
    slug: "castline",
    name: "Castline",
    domain: "castline.xyz",
    topic: "social",
    what: "cast and profile lookups",
    description:
      "Read API for the Farcaster network: casts, channels, user profiles and reactions, with search. For onchain-social and crypto-community agents.",
    tags: ["farcaster", "onchain-social", "casts", "crypto"],
    evidence: [
      "Data is read from Castline's own hub nodes and is typically less than 5 seconds behind the network.",
      "Writing casts is not supported.",
    ],
    offers: [
      get("/v1/casts/search", "0.001", "Casts matching a query in a channel or globally.", {
        q: "x402",
        channel: "dev",
        limit: "25",
      }),
      get("/v1/users", "0.0005", "Profile, verified addresses and follower counts for a fid or username.", {
        username: "example",
      }),
      get("/v1/channels/trending", "0.001", "Trending channels over the last 24 hours.", { limit: "10" }),
    ],
  },
  {
    slug: "reachgauge",
    name: "Reachgauge",
    domain: "reachgauge.com",
    topic: "social",
    what: "creator metrics",
    description:
      "Creator and influencer analytics: audience size, growth, engagement rate and estimated audience demographics for public creator accounts. For influencer-marketing agents vetting partners.",
    tags: ["influencers", "creators", "audience", "engagement"],
    evidence: [
      "Audience demographics are estimates based on a sample of engaging accounts.",
      "Fake-follower share is estimated and reported with a confidence band.",
      "Only creators with at least 5,000 followers are profiled.",
    ],
    offers: [
      get("/v1/creators/profile", "0.01", "Audience and engagement metrics for a creator handle on a network.", {
        network: "video",
        handle: "cookingwithmira",
      }),
      get("/v1/creators/search", "0.008", "Creators by topic, audience size and country.", {
        topic: "fitness",
        min_followers: "50000",
        country: "br",
      }),
      get("/v1/creators/growth", "0.005", "Weekly follower growth over 12 months.", {
        network: "photo",
        handle: "trailrunner.kai",
      }),
    ],
  },
  {
    slug: "trendpulse",
    name: "Trendpulse",
    domain: "trendpulse.io",
    topic: "social",
    what: "trend lists",
    description:
      "Trending hashtags, topics and phrases by country and city, updated every 10 minutes. For content, news and marketing agents deciding what to post about.",
    tags: ["trends", "hashtags", "real-time", "content-planning"],
    evidence: [
      "Trends are computed from public posts on several open and licensed networks.",
      "City-level trends are available for 420 cities.",
    ],
    offers: [
      get("/v1/trends", "0.001", "Current top trends for a location.", {
        country: "gb",
        city: "manchester",
        limit: "20",
      }),
      get("/v1/trends/history", "0.003", "Hourly volume for a trend over the past 7 days.", {
        term: "#heatwave",
        country: "es",
      }),
    ],
  },
  {
    slug: "authentica-signals",
    name: "Authentica Signals",
    domain: "authenticasignals.com",
    topic: "social",
    what: "bot-likelihood scores",
    description:
      "Scores social accounts for bot-like and coordinated behaviour using posting cadence, network and content signals. For trust-and-safety and research agents.",
    tags: ["bot-detection", "trust-safety", "coordinated-behaviour", "accounts"],
    evidence: [
      "Each score lists the top five signals behind it.",
      "The model is retrained monthly on labelled takedown datasets.",
      "Scores are not available for accounts with fewer than 20 public posts.",
    ],
    offers: [
      get("/v1/accounts/score", "0.004", "Bot-likelihood score and contributing signals for an account.", {
        network: "microblog",
        handle: "deals_4u_2026",
      }),
      post("/v1/networks/coordination", "0.05", "Detects coordinated clusters among up to 1,000 accounts.", {
        network: "microblog",
        handles: ["acct_a", "acct_b", "acct_c"],
        window_days: 14,
      }),
    ],
  },
  {
    slug: "postwright",
    name: "Postwright",
    domain: "postwright.app",
    topic: "social",
    what: "scheduled posts",
    description:
      "Publishes and schedules posts to connected business accounts on multiple social networks from one API call. For marketing agents running content calendars.",
    tags: ["publishing", "scheduling", "social-media", "marketing"],
    fix: { webhooks: true },
    evidence: [
      "Accounts must be connected once through Postwright's OAuth flow before an agent can post to them.",
      "Publish results are reported to an optional webhook.",
      "Per-network character and media limits are validated before scheduling.",
    ],
    offers: [
      post("/v1/posts", "0.01", "Publishes or schedules a post with media to one or more connected accounts.", {
        accounts: ["acc_brand_main", "acc_brand_jobs"],
        text: "We're hiring backend engineers in Lisbon 🚀",
        schedule_at: "2026-11-04T09:00:00Z",
        media_urls: ["https://example.com/img/hiring.png"],
      }),
      get("/v1/posts/status", "0.0005", "Publish status and permalink per account.", { id: "pw_post_1182" }),
      post("/v1/posts/cancel", "0.001", "Cancels a scheduled post.", { id: "pw_post_1183" }),
    ],
  },
  {
    slug: "reviewharbor",
    name: "Reviewharbor",
    domain: "reviewharbor.com",
    topic: "social",
    what: "app and product reviews",
    description:
      "Aggregates customer reviews from app stores, marketplaces and review sites for a product, with ratings over time. For product and customer-insight agents.",
    tags: ["reviews", "app-store", "customer-feedback", "aggregation"],
    evidence: [
      "Review text is returned in the original language, with an optional English translation.",
      "App store reviews are collected from 155 country storefronts.",
    ],
    offers: [
      get("/v1/reviews", "0.003", "Recent reviews for an app or product across sources.", {
        app_id: "com.example.notes",
        sources: "appstore,playstore",
        limit: "100",
      }),
      get("/v1/ratings/trend", "0.002", "Average rating by week for the last year.", { app_id: "com.example.notes" }),
    ],
  },
  {
    slug: "clipchatter",
    name: "Clipchatter",
    domain: "clipchatter.com",
    topic: "social",
    what: "video comments",
    description:
      "Collects public comments and engagement counts from video platforms for a video or channel, with spam filtered out. For creator-analytics and audience-research agents.",
    tags: ["comments", "video-platforms", "audience-research", "engagement"],
    evidence: [
      "Spam and bot comments are removed by a classifier before results are returned.",
      "Comments are limited to 5,000 per request.",
    ],
    offers: [
      get("/v1/comments", "0.002", "Top-level comments and replies for a video URL.", {
        video_url: "https://video.example.com/watch?v=a8Kq2mZ",
        limit: "200",
        sort: "top",
      }),
      get("/v1/channel/stats", "0.002", "Subscriber, view and upload statistics for a channel.", {
        channel: "@examplechannel",
      }),
    ],
  },
  {
    slug: "handlecheck",
    name: "Handlecheck",
    domain: "handlecheck.io",
    topic: "social",
    what: "username availability checks",
    description:
      "Checks whether a username is available on 40 social networks and developer platforms at once. For branding and launch agents securing consistent handles.",
    tags: ["usernames", "availability", "branding", "utility"],
    evidence: [
      "Availability is checked live; a few networks block automated checks and are reported as unknown.",
      "Reserved and recently released names may show as available but fail at sign-up.",
    ],
    offers: [get("/v1/check", "0.002", "Availability per network for a username.", { username: "tidepoolrobotics" })],
  },
  {
    slug: "kinship-graph",
    name: "Kinship Graph",
    domain: "kinshipgraph.dev",
    topic: "social",
    what: "follower-graph analyses",
    description:
      "Follower-graph analytics for public accounts on open social networks: mutual followers, audience overlap and community clusters. For growth and research agents.",
    tags: ["social-graph", "followers", "audience-overlap", "network-analysis"],
    evidence: [
      "Follower graphs are refreshed every 24 hours.",
      "Clustering is limited to accounts with up to 20,000 followers.",
    ],
    offers: [
      get("/v1/overlap", "0.006", "Audience overlap between two or more accounts.", {
        handles: "alice.example.social,bob.example.social",
      }),
      get("/v1/followers", "0.004", "Follower list with profile summaries, paginated.", {
        handle: "carol.example.social",
        cursor: "0",
        limit: "500",
      }),
      post("/v1/clusters", "0.05", "Community detection over the followers of an account.", {
        handle: "dev.example.social",
        max_followers: 20000,
      }),
    ],
  },
  {
    slug: "tagsmith",
    name: "Tagsmith",
    domain: "tagsmith.social",
    topic: "social",
    what: "hashtag suggestions",
    description:
      "Suggests relevant hashtags for a post or image with estimated reach and competition. For social-content agents trying to get posts discovered.",
    tags: ["hashtags", "content", "recommendations", "social-media"],
    evidence: [
      "Banned and shadow-limited hashtags are filtered out of suggestions.",
      "Image-based suggestions use a vision model to describe the image first.",
    ],
    offers: [
      post("/v1/suggest", "0.002", "Ranked hashtag suggestions for post text and an optional image.", {
        text: "Sunday sourdough experiments, finally got the open crumb",
        image_url: "https://example.com/bread.jpg",
        network: "photo",
      }),
      get("/v1/hashtag/stats", "0.001", "Post volume and growth for a hashtag.", { tag: "sourdough" }),
    ],
  },
  {
    slug: "ripplecount",
    name: "Ripplecount",
    domain: "ripplecount.com",
    topic: "social",
    what: "share counts",
    description:
      "Share, reaction and comment counts for any URL across social networks and aggregators. For content-performance and PR agents measuring how far an article spread.",
    tags: ["share-counts", "engagement", "urls", "analytics"],
    evidence: [
      "Counts are cached for one hour per URL.",
      "Some networks no longer expose share counts, so totals are lower bounds.",
    ],
    offers: [
      get("/v1/counts", "0.001", "Share, reaction and comment counts per network for a URL.", {
        url: "https://example.com/news/2026/10/big-launch",
      }),
      post("/v1/counts/batch", "0.02", "Counts for up to 100 URLs.", {
        urls: ["https://example.com/a", "https://example.com/b"],
      }),
    ],
  },
  {
    slug: "creatorbase-directory",
    name: "Creatorbase Directory",
    domain: "creatorbase.io",
    topic: "social",
    what: "creator contact records",
    description:
      "Business contact details, rates and past brand partnerships for 2 million creators, gathered from public profiles and opt-in submissions. For partnership agents doing outreach.",
    tags: ["creators", "contacts", "outreach", "directory"],
    evidence: [
      "Contact emails are limited to addresses published for business enquiries or submitted by the creator.",
      "Creators can remove their profile at any time through an opt-out form.",
    ],
    offers: [
      get("/v1/creators/contact", "0.03", "Business email, management and booking links for a creator.", {
        handle: "cookingwithmira",
      }),
      get("/v1/creators/brand-deals", "0.02", "Sponsored posts detected in the past 12 months.", {
        handle: "trailrunner.kai",
      }),
    ],
  },
  {
    slug: "flarewatch",
    name: "Flarewatch",
    domain: "flarewatch.io",
    topic: "social",
    what: "spike detections",
    description:
      "Detects unusual spikes in social conversation about a topic and explains what is driving them. For crisis-communications and trading agents.",
    tags: ["anomaly-detection", "crisis", "spikes", "social-listening"],
    fix: { webhooks: true },
    evidence: [
      "Each spike includes the top posts and phrases that drove it.",
      "Spike monitors notify a webhook within minutes of detection.",
    ],
    offers: [
      get("/v1/spikes", "0.005", "Detected volume spikes for a keyword in the past 72 hours, with drivers.", {
        q: "Altamira Air",
        window: "72h",
      }),
      post("/v1/monitors", "0.06", "Creates a spike monitor for 30 days with webhook notifications.", {
        q: "Altamira Air",
        sensitivity: "high",
        webhook_url: "https://example.com/hooks/flare",
      }),
    ],
  },
  {
    slug: "memeindex",
    name: "Memeindex",
    domain: "memeindex.dev",
    topic: "vision",
    what: "meme identifications",
    also: "media",
    description:
      "Identifies meme templates in images, explains their usual meaning and finds popular variants. For moderation and marketing agents that need cultural context for an image.",
    tags: ["memes", "image-recognition", "culture", "moderation"],
    evidence: [
      "The template library holds about 24,000 templates.",
      "Text overlaid on memes is extracted with OCR and returned separately.",
    ],
    offers: [
      post("/v1/identify", "0.003", "Meme template, typical meaning and origin year for an image.", {
        image_url: "https://example.com/uploads/meme-19.jpg",
      }),
      get("/v1/templates/search", "0.001", "Meme templates matching a text query.", { q: "two buttons sweating" }),
    ],
  },
  {
    slug: "claimcheck-social",
    name: "Claimcheck Social",
    domain: "claimcheck.news",
    topic: "social",
    what: "fact-check matches",
    also: "search",
    description:
      "Matches claims in social posts to published fact-checks from 180 fact-checking organizations. For moderation, newsroom and research agents.",
    tags: ["fact-checking", "misinformation", "claims", "trust-safety"],
    evidence: [
      "Fact-checks are linked to their original publishers, and Claimcheck does not rate claims itself.",
      "Claim matching works in 25 languages.",
    ],
    offers: [
      post("/v1/match", "0.006", "Fact-checks relevant to the claims in a post.", {
        text: "Drinking hot water every hour kills the flu virus, doctors confirm",
        lang: "en",
      }),
      get("/v1/factchecks/search", "0.002", "Published fact-checks matching a query.", {
        q: "5G towers birds",
        limit: "10",
      }),
    ],
  },
  {
    slug: "boardkeeper",
    name: "Boardkeeper",
    domain: "boardkeeper.org",
    topic: "social",
    what: "archived forum threads",
    also: "search",
    description:
      "Research archive of public forum and Q&A posts going back to 2004, with thread structure preserved. For academic and market-research agents studying long-term discussions.",
    tags: ["archive", "forums", "research", "historical"],
    evidence: [
      "The archive excludes forums that requested removal and any content behind a login.",
      "Author names are pseudonymized in bulk exports.",
    ],
    offers: [
      get("/v1/archive/search", "0.004", "Archived posts matching a query in a date range.", {
        q: "electric scooter battery fire",
        from: "2015-01-01",
        to: "2020-12-31",
      }),
      get("/v1/archive/thread", "0.002", "An archived thread with all its posts.", { id: "bk_t_7739201" }),
    ],
  },
  {
    slug: "huddlemap-communities",
    name: "Huddlemap Communities",
    domain: "huddlemap.io",
    topic: "social",
    what: "community stats",
    description:
      "Directory and growth statistics for public online communities and group chats that publish invite links, by topic and language. For community-marketing and research agents.",
    tags: ["communities", "group-chats", "directory", "growth"],
    evidence: [
      "Only communities with a public invite link or a public directory listing are included.",
      "Message contents are never collected; only aggregate activity counts are stored.",
    ],
    offers: [
      get("/v1/communities/search", "0.002", "Public communities matching a topic, with member counts and activity.", {
        topic: "indie game dev",
        lang: "en",
        min_members: "500",
      }),
      get("/v1/communities/stats", "0.002", "Member and message-activity trend for a community.", { id: "hm_c_21993" }),
    ],
  },
];
