import jpeg from 'jpeg-js';
import { createBlogService, storeBlogImage, type Actor, type BlogContext } from '@portal/server/seeding';

// The demo's blog: two live posts with a banner each and a draft, saved through the editor's own
// rules (section 5, sanitizing, audit), so the editor has something to load and /blog/{url} to show.

// A banner: a diagonal blend of two colours (pure JS, a few milliseconds).
function drawBanner(from: [number, number, number], to: [number, number, number]): Buffer {
  const width = 640;
  const height = 320;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      const offset = (y * width + x) * 4;
      for (let channel = 0; channel < 3; channel += 1)
        data[offset + channel] = Math.round(from[channel]! * (1 - t) + to[channel]! * t);
      data[offset + 3] = 255;
    }
  return jpeg.encode({ width, height, data }, 80).data;
}

type DemoPost = {
  url: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  paragraphs: string[];
  banner: [[number, number, number], [number, number, number]] | null;
  live: boolean;
};

const POSTS: DemoPost[] = [
  {
    url: 'how-to-build-credit',
    title: 'How to build credit, one payment at a time',
    description: 'Five habits that raise a credit score, and how an installment loan fits in.',
    category: 'Loan Knowledge Center',
    tags: ['Credit', 'Budgeting'],
    paragraphs: [
      'Your credit score follows what you do every month. Paying on time matters most: it is about a third of the score.',
      'Keep balances low, keep old accounts open, and ask for new credit only when you need it.',
    ],
    banner: [
      [34, 139, 230],
      [121, 80, 242],
    ],
    live: true,
  },
  {
    url: 'hurricane-season-payment-help',
    title: 'Hurricane season: help with your payments',
    description: 'If a storm affects you, we can move a payment date or set up a smaller payment.',
    category: 'Hurricane Coverage',
    tags: ['Payments'],
    paragraphs: [
      'If a hurricane has affected your home or work, reply to any of our texts or emails and tell us.',
      'We can move your next payment date, split a payment, or set up a smaller one while you recover.',
    ],
    banner: [
      [12, 166, 120],
      [16, 152, 173],
    ],
    live: true,
  },
  {
    url: 'saving-on-groceries',
    title: 'Ten ways to save on groceries',
    description: '',
    category: 'Guides Deals and Hacks',
    tags: ['Budgeting'],
    paragraphs: ['Plan meals for the week before you shop.', 'Notes: add the coupon apps section.'],
    banner: null,
    live: false,
  },
];

export async function seedBlogDemo(context: BlogContext, editor: Actor): Promise<{ posts: number }> {
  const blog = createBlogService(context);
  for (const post of POSTS) {
    const image = post.banner
      ? await storeBlogImage(context, editor, { content: drawBanner(...post.banner), givenName: post.url })
      : null;
    // The public page heads the article with its title; the body starts with the text.
    const body = [
      ...post.paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
      image ? `<img src="${image.url}" alt="">` : '',
    ].join('');
    await blog.savePost(editor, {
      subject: post.title,
      short: post.description,
      image_file_name: image?.name ?? '',
      url: post.url,
      live: post.live,
      category: post.category,
      body,
      blog_tag_ids: [],
      new_tags: post.tags,
      original_url: '',
    });
  }
  return { posts: POSTS.length };
}
