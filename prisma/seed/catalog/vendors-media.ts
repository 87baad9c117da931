import type { Company, VendorSpec } from "./spec";
import { get, post } from "./spec";

const PIXELFORGE: Company = { slug: "pixelforge", name: "Pixelforge", domain: "pixelforge.ai" };

export const MEDIA_VENDORS: VendorSpec[] = [
  {
    slug: "pixelforge-generate",
    name: "Pixelforge Generate",
    domain: "pixelforge.ai",
    docs: "https://docs.pixelforge.ai/generate",
    company: PIXELFORGE,
    topic: "image",
    what: "generated images",
    also: "ai-models",
    description:
      "Text-to-image generation with several open diffusion models, at sizes up to 2048 px. For marketing, design and content agents that need illustrations on demand.",
    tags: ["image-generation", "text-to-image", "diffusion", "creative"],
    fix: { dataRetentionDays: 1 },
    evidence: [
      "Generated images are returned as signed URLs that expire after 24 hours.",
      "Prompts that request real people's likenesses are refused.",
      "All images carry C2PA content credentials.",
    ],
    offers: [
      post("/v1/images/generate", "0.04", "Generates 1 to 4 images from a prompt.", {
        prompt: "isometric illustration of a rooftop greenhouse at dawn, soft pastel palette",
        size: "1024x1024",
        n: 2,
        model: "pf-xl",
      }),
      post("/v1/images/variations", "0.03", "Variations of a reference image.", {
        image_url: "https://example.com/ref/mascot.png",
        n: 3,
        strength: 0.6,
      }),
      post("/v1/images/generate/hd", "0.12", "2048 px generation with extra refinement steps.", {
        prompt: "product photo of a ceramic pour-over coffee set on walnut, natural light",
        size: "2048x2048",
      }),
    ],
  },
  {
    slug: "pixelforge-edit",
    name: "Pixelforge Edit",
    domain: "pixelforge.ai",
    api: "https://edit.pixelforge.ai",
    docs: "https://docs.pixelforge.ai/edit",
    company: PIXELFORGE,
    topic: "image",
    what: "image edits",
    description:
      "Prompt-driven image editing: inpainting with a mask, outpainting to new aspect ratios and object removal. For e-commerce and social agents adapting existing images.",
    tags: ["image-editing", "inpainting", "outpainting", "creative"],
    evidence: [
      "Input images can be JPEG, PNG or WebP files up to 20 MB.",
      "Masks must be the same size as the input image.",
    ],
    offers: [
      post("/v1/edit/inpaint", "0.05", "Replaces the masked region of an image following a prompt.", {
        image_url: "https://example.com/room.jpg",
        mask_url: "https://example.com/room-mask.png",
        prompt: "a green velvet armchair",
      }),
      post("/v1/edit/outpaint", "0.06", "Extends an image to a new aspect ratio.", {
        image_url: "https://example.com/banner.jpg",
        target_aspect: "16:9",
      }),
      post("/v1/edit/remove", "0.03", "Removes an object described in text.", {
        image_url: "https://example.com/beach.jpg",
        remove: "people in the background",
      }),
    ],
  },
  {
    slug: "clarion-upscale",
    name: "Clarion Upscale",
    domain: "clarionimage.com",
    topic: "image",
    what: "upscaled images",
    description:
      "Image upscaling up to 8× with denoising and face restoration. For agents preparing product photos, archival scans or generated images for print.",
    tags: ["upscaling", "super-resolution", "denoise", "photos"],
    evidence: [
      "Output resolution is capped at 12,000 pixels on the long edge.",
      "Face restoration may alter facial details and can be switched off.",
      "Supported input types are JPEG, PNG, WebP, TIFF and HEIC.",
    ],
    offers: [
      post("/v1/images/upscale", "0.02", "Upscales an image 2×, 4× or 8×.", {
        image_url: "https://example.com/photos/old-scan.jpg",
        scale: 4,
        face_restore: true,
      }),
      post("/v1/images/denoise", "0.01", "Removes noise and JPEG artefacts without resizing.", {
        image_url: "https://example.com/photos/night.jpg",
        strength: "medium",
      }),
    ],
  },
  {
    slug: "matte-studio",
    name: "Matte Studio",
    domain: "mattestudio.io",
    topic: "image",
    what: "background removals",
    description:
      "Background removal and replacement for product and portrait photos, returning transparent PNGs or composited images. For e-commerce listing agents.",
    tags: ["background-removal", "cutout", "ecommerce", "photos"],
    evidence: [
      "Hair and fur edges are refined with a dedicated matting model.",
      "Transparent objects such as glassware are a known weakness.",
    ],
    offers: [
      post("/v1/remove-background", "0.01", "Returns a transparent PNG with the background removed.", {
        image_url: "https://example.com/products/sneaker.jpg",
      }),
      post("/v1/replace-background", "0.02", "Composites the subject onto a colour, an image or a generated scene.", {
        image_url: "https://example.com/products/lamp.jpg",
        background: { type: "color", value: "#F4F1EA" },
        shadow: true,
      }),
      post("/v1/remove-background/batch", "0.15", "Processes up to 20 images in one request.", {
        image_urls: ["https://example.com/p/1.jpg", "https://example.com/p/2.jpg"],
      }),
    ],
  },
  {
    slug: "voxmill-tts",
    name: "Voxmill TTS",
    domain: "voxmill.com",
    topic: "audio",
    what: "synthesized voice clips",
    description:
      "Text-to-speech with 120 neural voices in 35 languages, returned as MP3, WAV or Opus. For agents producing voice notes, narration and IVR prompts.",
    tags: ["text-to-speech", "voices", "audio", "narration"],
    evidence: [
      "SSML is supported, including breaks, emphasis and phoneme tags.",
      "The listed price covers up to 1,000 characters and scales linearly beyond that.",
      "Voice cloning is not offered.",
    ],
    offers: [
      post(
        "/v1/speech",
        "0.015",
        "Synthesizes up to 5,000 characters of text or SSML.",
        {
          text: "Your delivery is running about ten minutes late. Sorry about that!",
          voice: "en-GB-amelia",
          format: "mp3",
        },
        true,
      ),
      get("/v1/voices", "0.0005", "Lists voices with language, gender and style tags.", { language: "es" }),
      post(
        "/v1/speech/long",
        "0.2",
        "Long-form narration up to 100,000 characters, delivered as a file URL.",
        { text_url: "https://example.com/chapters/ch1.txt", voice: "en-US-marcus", format: "opus" },
        true,
      ),
    ],
  },
  {
    slug: "scribewell-transcribe",
    name: "Scribewell Transcribe",
    domain: "scribewell.ai",
    topic: "audio",
    what: "transcripts",
    description:
      "Speech-to-text for calls, meetings and podcasts with speaker diarization, word timestamps and 50 languages. For note-taking, compliance and analytics agents.",
    tags: ["speech-to-text", "transcription", "diarization", "audio"],
    fix: { hipaa: true },
    evidence: [
      "Pricing is per audio minute; the listed price is for one minute.",
      "A custom vocabulary of up to 500 terms can be passed per request.",
      "Supported inputs are MP3, WAV, M4A, FLAC, OGG, MP4 and WebM.",
      "Diarization works best with up to 8 speakers.",
    ],
    offers: [
      post(
        "/v1/transcribe",
        "0.03",
        "Transcribes an audio or video file URL up to 4 hours long.",
        { audio_url: "https://example.com/calls/2026-10-30-sales.mp3", diarize: true, language: "auto" },
        true,
      ),
      post("/v1/transcribe/fast", "0.01", "Faster, cheaper model for files under 10 minutes.", {
        audio_url: "https://example.com/voice-notes/memo.m4a",
      }),
      get("/v1/transcripts", "0.0005", "Retrieves a finished transcript by id in JSON, SRT or VTT.", {
        id: "tr_5kq1P",
        format: "srt",
      }),
    ],
  },
  {
    slug: "framewise-video",
    name: "Framewise Video",
    domain: "framewise.video",
    topic: "video",
    what: "transcodes and clips",
    description:
      "Video processing on demand: transcode to web formats, trim clips, extract thumbnails and generate animated previews. For social and content agents preparing uploads.",
    tags: ["video", "transcoding", "thumbnails", "clips"],
    fix: { dataRetentionDays: 3 },
    evidence: [
      "Inputs up to 4 GB and 3 hours long are accepted.",
      "Jobs longer than 60 seconds run asynchronously and are polled with the jobs endpoint.",
      "Outputs are stored for 72 hours.",
    ],
    offers: [
      post(
        "/v1/transcode",
        "0.05",
        "Transcodes a video to MP4 (H.264) or WebM at a target resolution.",
        { video_url: "https://example.com/raw/interview.mov", format: "mp4", height: 1080 },
        true,
      ),
      post("/v1/clip", "0.02", "Cuts a clip between two timestamps.", {
        video_url: "https://example.com/raw/keynote.mp4",
        start: "00:12:30",
        end: "00:13:15",
      }),
      post("/v1/thumbnails", "0.005", "Extracts thumbnails at given timestamps or at scene changes.", {
        video_url: "https://example.com/raw/keynote.mp4",
        mode: "scenes",
        max: 8,
      }),
      get("/v1/jobs", "0.0005", "Status and output URLs for a processing job.", { id: "fw_job_2291" }),
    ],
  },
  {
    slug: "lumacast",
    name: "Lumacast",
    domain: "lumacast.ai",
    topic: "video",
    what: "generated video clips",
    also: "ai-models",
    description:
      "Generates short video clips from a text prompt or a still image, 4 to 10 seconds long at up to 1080p. For marketing and social agents making animated posts.",
    tags: ["video-generation", "text-to-video", "image-to-video", "creative"],
    evidence: [
      "Generation is asynchronous; the generate call returns a job id to poll.",
      "Output clips are 24 frames-per-second MP4 files without audio.",
      "Prompts depicting real public figures are rejected.",
    ],
    offers: [
      post(
        "/v1/videos/generate",
        "0.45",
        "Generates a 4- to 10-second clip from a prompt.",
        { prompt: "slow dolly shot through a misty pine forest at sunrise", seconds: 6, resolution: "720p" },
        true,
      ),
      post("/v1/videos/animate", "0.35", "Animates a still image with a motion prompt.", {
        image_url: "https://example.com/poster.png",
        motion: "gentle parallax zoom",
        seconds: 4,
      }),
      get("/v1/videos/status", "0.0005", "Generation status and output URL.", { id: "lc_vid_90x1" }),
    ],
  },
  {
    slug: "glyphread-ocr",
    name: "Glyphread OCR",
    domain: "glyphread.com",
    topic: "vision",
    what: "OCR results",
    also: "web-data",
    description:
      "OCR for photos and scans of receipts, invoices and handwritten notes, returning text with bounding boxes and parsed fields. For bookkeeping and document-intake agents.",
    tags: ["ocr", "receipts", "invoices", "documents"],
    evidence: [
      "Handwriting recognition is available for English, French, German and Spanish.",
      "Receipt parsing reports a confidence score for each field.",
      "Multi-page invoices of up to 10 pages are supported.",
    ],
    offers: [
      post("/v1/ocr", "0.004", "Text lines and words with bounding boxes for an image.", {
        image_url: "https://example.com/scans/note.jpg",
        languages: ["en", "de"],
      }),
      post("/v1/receipts", "0.01", "Merchant, date, totals, tax and line items from a receipt photo.", {
        image_url: "https://example.com/receipts/2026-10-28.jpg",
      }),
      post("/v1/invoices", "0.02", "Vendor, invoice number, due date, totals and line items from an invoice.", {
        document_url: "https://example.com/invoices/inv-2291.pdf",
      }),
    ],
  },
  {
    slug: "cadenza-audio",
    name: "Cadenza Audio",
    domain: "cadenza.audio",
    topic: "audio",
    what: "generated music tracks",
    also: "ai-models",
    description:
      "Generates royalty-free background music and sound effects from text prompts, with length and mood controls. For video, game and podcast agents.",
    tags: ["music-generation", "sound-effects", "audio", "royalty-free"],
    evidence: [
      "Generated audio is licensed for commercial use without attribution.",
      "Vocals and lyrics are not supported.",
      "Output is 44.1 kHz WAV or 320 kbps MP3.",
    ],
    offers: [
      post("/v1/music", "0.12", "Generates an instrumental track up to 3 minutes long.", {
        prompt: "warm lo-fi hip hop with vinyl crackle, 80 bpm",
        seconds: 90,
      }),
      post("/v1/sfx", "0.03", "Generates a sound effect up to 15 seconds long.", {
        prompt: "heavy wooden door creaking open in a stone hallway",
        seconds: 4,
      }),
    ],
  },
  {
    slug: "dubline",
    name: "Dubline",
    domain: "dubline.io",
    topic: "video",
    what: "dubbed videos",
    description:
      "Translates and dubs video into 29 languages while keeping the original speakers' timing, returning dubbed audio tracks or muxed video. For creator and e-learning agents localizing content.",
    tags: ["dubbing", "translation", "video", "localization"],
    evidence: [
      "Pricing is per minute of source video; the listed price covers one minute.",
      "Lip-sync adjustment is not performed.",
      "A translated transcript is delivered alongside each dub.",
    ],
    offers: [
      post(
        "/v1/dub",
        "0.5",
        "Dubs up to one minute of video into a target language.",
        { video_url: "https://example.com/course/lesson-3.mp4", target_language: "pt-BR", keep_background: true },
        true,
      ),
      get("/v1/dub/status", "0.0005", "Dubbing job progress and output URLs.", { id: "db_77Qz" }),
    ],
  },
  {
    slug: "captionsmith",
    name: "Captionsmith",
    domain: "captionsmith.com",
    topic: "video",
    what: "subtitle files",
    description:
      "Generates subtitles in SRT or WebVTT from video or audio, with line-length rules and optional translation. For video-publishing agents that need accessible captions fast.",
    tags: ["subtitles", "captions", "accessibility", "video"],
    evidence: [
      "Captions default to 42 characters per line and two lines per cue.",
      "Speaker labels can be included as bracketed names.",
    ],
    offers: [
      post("/v1/captions", "0.02", "Captions for a media URL with styling rules.", {
        media_url: "https://example.com/videos/launch.mp4",
        format: "vtt",
        max_chars_per_line: 42,
      }),
      post("/v1/captions/translate", "0.01", "Translates an existing subtitle file while keeping timings.", {
        subtitle_url: "https://example.com/subs/launch.en.srt",
        target_language: "ja",
      }),
    ],
  },
  {
    slug: "safeframe-moderation",
    name: "Safeframe Moderation",
    domain: "safeframe.ai",
    topic: "vision",
    what: "moderation scores",
    also: "ai-models",
    description:
      "Classifies images and video frames for nudity, violence, weapons, drugs and hate symbols, with per-category scores. For marketplaces and social agents screening user uploads.",
    tags: ["content-moderation", "trust-safety", "nsfw", "classification"],
    fix: { dataRetentionDays: 0 },
    evidence: [
      "Scores range from 0 to 1 per category; thresholds are left to the caller.",
      "Images are processed in memory and not stored.",
      "Text inside images is not moderated.",
    ],
    offers: [
      post("/v1/moderate/image", "0.002", "Category scores for an image.", {
        image_url: "https://example.com/uploads/u_1882.jpg",
        categories: ["nudity", "violence", "weapons"],
      }),
      post("/v1/moderate/video", "0.03", "Samples frames from a video and returns per-timestamp scores.", {
        video_url: "https://example.com/uploads/clip.mp4",
        fps: 1,
      }),
    ],
  },
  {
    slug: "facet-vision-tagging",
    name: "Facet Vision Tagging",
    domain: "facetvision.io",
    topic: "vision",
    what: "image labels and alt text",
    description:
      "Image labelling, dominant colours and generated alt text for accessibility. For CMS, e-commerce and digital-asset agents organizing large image libraries.",
    tags: ["image-tagging", "alt-text", "accessibility", "computer-vision"],
    evidence: [
      "Alt text is available in English, Spanish, French and German.",
      "Labels come from a fixed taxonomy of 11,000 concepts.",
    ],
    offers: [
      post("/v1/tags", "0.002", "Up to 30 labels with confidence for an image.", {
        image_url: "https://example.com/library/IMG_2231.jpg",
        max_tags: 15,
      }),
      post("/v1/alt-text", "0.004", "Concise alt text suitable for screen readers.", {
        image_url: "https://example.com/products/chair.jpg",
        max_length: 125,
      }),
      post("/v1/colors", "0.001", "Dominant colour palette as hex values.", {
        image_url: "https://example.com/brand/hero.jpg",
        count: 5,
      }),
    ],
  },
  {
    slug: "podpolish-audio",
    name: "Podpolish Audio",
    domain: "podpolish.com",
    topic: "audio",
    what: "cleaned-up audio files",
    description:
      "Cleans up spoken audio: removes background noise and reverb, levels volume and normalizes loudness to podcast standards. For podcast and voice-note agents.",
    tags: ["audio-cleanup", "noise-removal", "loudness", "podcasts"],
    evidence: [
      "Pricing is per 10 minutes of audio; the listed price covers the first 10 minutes.",
      "Music beds are treated as noise and may be reduced.",
    ],
    offers: [
      post(
        "/v1/enhance",
        "0.02",
        "Noise and reverb removal plus levelling for an audio file.",
        { audio_url: "https://example.com/raw/ep42.wav", target_lufs: -16 },
        true,
      ),
      post("/v1/loudness", "0.005", "Measures integrated loudness and true peak.", {
        audio_url: "https://example.com/masters/ep42.mp3",
      }),
    ],
  },
  {
    slug: "fernleaf-stock-media",
    name: "Fernleaf Stock Media",
    domain: "fernleafstock.com",
    topic: "search",
    what: "stock photo results",
    also: "search",
    description:
      "Search and license 40 million stock photos, vectors and clips with per-download pricing. For content agents that need properly licensed imagery.",
    tags: ["stock-photos", "licensing", "images", "search"],
    evidence: [
      "The standard license allows up to 500,000 print copies and unlimited web use.",
      "Search results include watermarked previews only.",
      "Editorial-only assets are marked and cannot be licensed for commercial use.",
    ],
    offers: [
      get("/v1/search", "0.001", "Stock assets matching a query, orientation and type.", {
        q: "remote team video call",
        type: "photo",
        orientation: "landscape",
      }),
      post("/v1/license", "0.5", "Licenses an asset and returns a full-resolution download URL.", {
        asset_id: "fl_ph_4410982",
        license: "standard",
      }),
    ],
  },
  {
    slug: "quirk-qr",
    name: "Quirk QR",
    domain: "quirkqr.dev",
    topic: "vision",
    what: "QR codes",
    description:
      "Generates styled QR codes and barcodes as PNG or SVG and decodes codes found in images. A tiny utility for ticketing, packaging and payment-link agents.",
    tags: ["qr-codes", "barcodes", "utility", "images"],
    evidence: [
      "QR payloads of up to 2,953 bytes are supported.",
      "SVG output scales without loss and is recommended for print.",
    ],
    offers: [
      get("/v1/qr", "0.0005", "QR code image for a payload with size, colours and error-correction level.", {
        data: "https://example.com/pay/inv-1042",
        size: "512",
        format: "svg",
        ecc: "M",
      }),
      get("/v1/barcode", "0.0005", "Barcode image in Code 128, EAN-13 or UPC-A.", {
        data: "4006381333931",
        type: "ean13",
      }),
      post("/v1/decode", "0.001", "Decodes every QR code or barcode found in an image.", {
        image_url: "https://example.com/photos/shelf-label.jpg",
      }),
    ],
  },
  {
    slug: "brandmark-logos",
    name: "Brandmark Logos",
    domain: "brandmarklogos.io",
    topic: "data",
    what: "logo lookups",
    also: "web-data",
    description:
      "Returns a company's logo, icon and brand colours for a domain. For CRM, invoicing and dashboard agents that want to show recognizable logos.",
    tags: ["logos", "brand-assets", "companies", "enrichment"],
    evidence: [
      "Logos are available for about 8 million domains; otherwise a monogram fallback is generated.",
      "Logo images are cached for 7 days.",
    ],
    offers: [
      get("/v1/logo", "0.001", "Logo image for a domain in PNG or SVG.", {
        domain: "example.com",
        format: "png",
        size: "256",
      }),
      get("/v1/brand", "0.002", "Logos, icon, brand colours and fonts for a domain.", { domain: "example.org" }),
    ],
  },
  {
    slug: "soundprint-id",
    name: "Soundprint ID",
    domain: "soundprint.id",
    topic: "audio",
    what: "song identifications",
    description:
      "Identifies songs from short audio snippets and detects copyrighted music in uploaded videos. For content-ID, DJ-set and social agents.",
    tags: ["audio-recognition", "music", "fingerprinting", "copyright"],
    evidence: [
      "The reference catalog holds about 70 million tracks.",
      "Live performances and covers are matched less reliably than studio recordings.",
    ],
    offers: [
      post("/v1/identify", "0.005", "Identifies a song from a 5- to 20-second audio clip.", {
        audio_url: "https://example.com/clips/bar-recording.m4a",
      }),
      post(
        "/v1/scan",
        "0.04",
        "Scans a full video or mix and lists music matches with timestamps.",
        { media_url: "https://example.com/uploads/vlog-17.mp4" },
        true,
      ),
    ],
  },
  {
    slug: "reelnotes",
    name: "Reelnotes",
    domain: "reelnotes.ai",
    topic: "video",
    what: "video summaries",
    also: "ai-models",
    description:
      "Summarizes videos into chapters, key points and quotes with timestamps. For research and learning agents that cannot watch an hour of footage.",
    tags: ["video-summarization", "chapters", "transcripts", "video"],
    evidence: [
      "Summaries combine the transcript with on-screen text read from sampled frames.",
      "Videos longer than 3 hours are rejected.",
      "Summaries can be produced in 18 languages regardless of the source language.",
    ],
    offers: [
      post(
        "/v1/summarize",
        "0.08",
        "Chapters, summary and key quotes for a video URL.",
        { video_url: "https://example.com/talks/keynote-2026.mp4", detail: "medium" },
        true,
      ),
      get("/v1/summaries", "0.0005", "Fetches a finished summary by id.", { id: "rn_sum_441" }),
    ],
  },
  {
    slug: "provenant",
    name: "Provenant",
    domain: "provenant.media",
    topic: "vision",
    what: "provenance checks",
    description:
      "Checks images for C2PA content credentials and estimates whether an image is AI-generated or edited. For newsroom, marketplace and trust-and-safety agents.",
    tags: ["provenance", "c2pa", "ai-detection", "trust-safety"],
    evidence: [
      "Detection scores are probabilistic and should not be the sole basis for takedowns.",
      "Detection accuracy drops on images smaller than 256 pixels or heavily recompressed.",
    ],
    offers: [
      post("/v1/verify", "0.006", "Reads and validates C2PA manifests embedded in an image.", {
        image_url: "https://example.com/news/photo-881.jpg",
      }),
      post("/v1/detect", "0.015", "Probability that an image is AI-generated, with the suspected generator family.", {
        image_url: "https://example.com/uploads/listing-77.png",
      }),
    ],
  },
  {
    slug: "cropshop-transform",
    name: "Cropshop Transform",
    domain: "cropshop.dev",
    topic: "image",
    what: "image transforms",
    description:
      "Resizes, crops, converts and compresses images via URL parameters, with smart cropping around faces and subjects. For web and e-commerce agents generating image variants.",
    tags: ["image-processing", "resize", "compression", "webp"],
    evidence: [
      "Supported output formats are JPEG, PNG, WebP and AVIF.",
      "Transformed images are cached on a CDN for 30 days.",
      "Animated GIFs are converted to animated WebP, not MP4.",
    ],
    offers: [
      get("/v1/transform", "0.0005", "Resized and converted image for a source URL.", {
        url: "https://example.com/img/hero.jpg",
        w: "1200",
        h: "630",
        fit: "smart",
        format: "avif",
      }),
      post("/v1/optimize", "0.001", "Compresses an image losslessly or lossily.", {
        image_url: "https://example.com/img/banner.png",
        quality: 80,
      }),
    ],
  },
];
