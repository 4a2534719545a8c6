import type { ReactionKind } from './scopes.js';

/** A demo account (the first is the signed-in demo account itself). */
export interface SeedAccount {
  handle: string;
  displayName: string;
}

/** A demo post with its replies and reactions; times are hours before the moment of seeding. */
export interface SeedPost {
  by: string;
  hoursAgo: number;
  body: string;
  comments?: { by: string; body: string }[];
  reactions?: Partial<Record<ReactionKind, string[]>>;
}

/** The people of the demo; Riverton is a made-up city. */
export const SEED_ACCOUNTS: SeedAccount[] = [
  { handle: 'marcus', displayName: 'Marcus Lee' },
  { handle: 'priya', displayName: 'Priya Raman' },
  { handle: 'tomas', displayName: 'Tomás Ortega' },
  { handle: 'aisha', displayName: 'Aisha Bello' },
  { handle: 'jonas', displayName: 'Jonas Weber' },
  { handle: 'zoe', displayName: 'Zoë Park' },
];

/** Oldest first, so the timeline's order matches the times. */
export const SEED_POSTS: SeedPost[] = [
  {
    by: 'marcus',
    hoursAgo: 96,
    body: 'Riverton should make the Route 9 bus lane permanent. The six-month trial report from the transit authority shows average trip times on the corridor fell from 31 to 24 minutes at peak, and ridership rose every month of the trial.',
    comments: [
      {
        by: 'jonas',
        body: 'The same report says delivery drivers lost loading space on four blocks. Permanent is fine if the loading zones come back.',
      },
      {
        by: 'priya',
        body: 'Page 12 of the report breaks the time savings down by stop. Most of the gain is between Mill St and the hospital, which is exactly where the lane is.',
      },
      {
        by: 'marcus',
        body: 'Agreed on loading zones: the report recommends off-peak loading windows, which seems like the obvious compromise.',
      },
    ],
    reactions: { well_sourced: ['priya', 'aisha', 'demo'], agree: ['zoe', 'aisha'], insightful: ['jonas'] },
  },
  {
    by: 'priya',
    hoursAgo: 92,
    body: 'On school start times: the American Academy of Pediatrics has recommended since 2014 that middle and high schools start no earlier than 8:30 a.m. Our district starts high school at 7:25. Why are we still debating whether the evidence is real?',
    comments: [
      {
        by: 'tomas',
        body: 'Because the bus schedule is the real constraint. Tiered routes mean someone has to go first, and elementary parents pushed back hard last time.',
      },
      {
        by: 'aisha',
        body: 'The district transportation memo from last spring estimated a single-tier schedule would need about 30 more buses. That is the cost we should be arguing about.',
      },
    ],
    reactions: { well_sourced: ['marcus', 'aisha'], agree: ['demo', 'zoe', 'aisha'], insightful: ['tomas'] },
  },
  {
    by: 'jonas',
    hoursAgo: 88,
    body: 'Unpopular opinion: the city should not subsidise rooftop solar for households that can already afford it. The utility rate filing shows net metering credits are paid for by every customer, including renters who can never install panels.',
    comments: [
      {
        by: 'zoe',
        body: 'That is an argument for fixing net metering, not against solar. Community solar subscriptions would let renters in.',
      },
      {
        by: 'priya',
        body: 'Do you have the page of the rate filing? I would like to check how they calculated the cross-subsidy.',
      },
      { by: 'jonas', body: 'Exhibit 4 of the filing, the cost-of-service study. The method is contested, to be fair.' },
    ],
    reactions: { insightful: ['marcus', 'priya'], agree: ['tomas'] },
  },
  {
    by: 'aisha',
    hoursAgo: 84,
    body: 'A four-day school week saves less money than people think. The district budget office estimated savings of about 1.5% of operating costs, mostly transport and utilities. Teacher salaries do not change.',
    comments: [
      {
        by: 'demo',
        body: 'Useful number. Does the estimate include the cost of childcare for the fifth day, or only the district budget?',
      },
    ],
    reactions: { well_sourced: ['priya', 'jonas', 'demo'], insightful: ['marcus'] },
  },
  {
    by: 'tomas',
    hoursAgo: 80,
    body: 'Congestion pricing downtown would raise money and clear the streets, but only if the revenue goes to buses. Otherwise it is just a toll on people who cannot move closer to work.',
    comments: [
      {
        by: 'marcus',
        body: 'Write the revenue pledge into the ordinance itself, not a council resolution that can be quietly dropped.',
      },
      {
        by: 'zoe',
        body: 'Stockholm is the usual example: traffic fell after the charge started and public support grew once people saw the result.',
      },
    ],
    reactions: { agree: ['marcus', 'zoe', 'demo', 'priya'] },
  },
  {
    by: 'zoe',
    hoursAgo: 77,
    body: "Heat pumps are the boring answer to our winter gas bills. The state energy office's installer survey says most homes in our climate zone can run a cold-climate heat pump without backup heat. The upfront cost is the real barrier.",
    comments: [
      {
        by: 'jonas',
        body: 'Upfront cost and installer capacity. There are three certified installers in the whole county.',
      },
      {
        by: 'aisha',
        body: 'An on-bill financing scheme through the utility would handle the upfront cost; the savings pay the loan back.',
      },
    ],
    reactions: { well_sourced: ['marcus'], insightful: ['aisha', 'priya'], agree: ['demo'] },
  },
  {
    by: 'demo',
    hoursAgo: 74,
    body: 'Question for the transit folks: is there any data on how many riders transfer between Route 9 and the light rail at Central? If most do, bus lane timing matters less than transfer timing.',
    comments: [
      {
        by: 'marcus',
        body: 'The trial report has an origin-destination table on page 18. Roughly a third of Route 9 riders transfer at Central.',
      },
      {
        by: 'priya',
        body: 'A third is a lot. Timed transfers would help those riders more than another minute saved on the lane.',
      },
    ],
    reactions: { insightful: ['marcus', 'priya'] },
  },
  {
    by: 'marcus',
    hoursAgo: 70,
    body: 'Fare-free buses for under-18s: the pilot in the east district cost less than the fare collection it replaced on those routes, according to the transit finance committee minutes from March.',
    comments: [
      {
        by: 'tomas',
        body: 'That is a striking claim. Did the minutes include the lost fare revenue or only the collection cost?',
      },
    ],
    reactions: { well_sourced: ['aisha'], agree: ['zoe', 'demo'] },
  },
  {
    by: 'priya',
    hoursAgo: 66,
    body: 'We keep arguing about year-round school calendars as if summer learning loss were settled science. Recent replications have found much smaller effects than the studies from the 1990s. Worth reading the newer work before redesigning the calendar.',
    comments: [
      {
        by: 'aisha',
        body: 'The effect is smaller on average but it is not zero for low-income students. That is where a balanced calendar might still help.',
      },
      { by: 'jonas', body: 'Good point about the replications. It changes the question from "whether" to "for whom".' },
    ],
    reactions: { well_sourced: ['jonas', 'aisha', 'marcus'], insightful: ['demo', 'zoe'] },
  },
  {
    by: 'jonas',
    hoursAgo: 62,
    body: 'The coal plant should stay available as standby capacity for two more winters. The grid operator’s reliability assessment flags a shortfall risk during cold snaps until the new transmission line is finished.',
    comments: [
      {
        by: 'zoe',
        body: 'Standby, fine. But the assessment also says batteries plus demand response cover most of the gap. Standby should be the last resort, not the plan.',
      },
      { by: 'tomas', body: 'What does standby cost per year? Keeping a plant staffed and maintained is not free.' },
      {
        by: 'jonas',
        body: 'The assessment puts it in the tens of millions a year. Cheaper than a blackout, more expensive than people assume.',
      },
    ],
    reactions: { well_sourced: ['priya'], insightful: ['tomas', 'marcus'], agree: ['aisha'] },
  },
  {
    by: 'aisha',
    hoursAgo: 58,
    body: 'Protected bike lanes on Main Street: the business association says they will hurt shops, but the city’s own parking count found that fewer than 1 in 5 shoppers arrived by car on weekdays.',
    comments: [
      {
        by: 'marcus',
        body: 'The weekend number is higher though. The count showed closer to 40% by car on Saturdays.',
      },
      {
        by: 'aisha',
        body: 'True, and I should have said so. Weekday deliveries are the bigger issue for the shops I talked to.',
      },
    ],
    reactions: { well_sourced: ['zoe'], agree: ['demo', 'marcus'] },
  },
  {
    by: 'tomas',
    hoursAgo: 55,
    body: 'Later start times and after-school sports: coaches say a later bell means practices run into the dark in winter. Has any district solved this without lights on every field?',
    comments: [
      {
        by: 'priya',
        body: 'Several districts staggered practice times and shared indoor space. The state athletic association has a short guide on it.',
      },
    ],
    reactions: { insightful: ['priya'] },
  },
  {
    by: 'zoe',
    hoursAgo: 52,
    body: 'If Riverton wants more housing near transit, the zoning map is the bottleneck. Two thirds of the land within a ten-minute walk of a light rail stop is zoned for detached houses only, per the planning department’s 2024 land use inventory.',
    comments: [
      { by: 'jonas', body: 'And the parking minimums make even allowed apartments expensive to build.' },
      { by: 'demo', body: 'Does the inventory count parking lots as developable? That would change the two thirds.' },
      { by: 'zoe', body: 'It counts them separately. Surface lots are another 8% of the station areas.' },
    ],
    reactions: { well_sourced: ['marcus', 'jonas', 'aisha'], agree: ['priya'], insightful: ['demo'] },
  },
  {
    by: 'marcus',
    hoursAgo: 49,
    body: 'Real-time arrival screens at stops are the cheapest ridership boost we could buy. Waiting feels shorter when you know how long it will be. The transit authority already has the GPS data.',
    reactions: { agree: ['zoe', 'tomas', 'aisha', 'demo'] },
  },
  {
    by: 'priya',
    hoursAgo: 46,
    body: 'Energy policy claim I want tested: the proposed time-of-use electricity rates would shift enough evening demand to delay the next peaker plant. The utility’s load study says yes; the consumer advocate says the response assumptions are optimistic.',
    comments: [
      {
        by: 'jonas',
        body: 'Pilots elsewhere show real but modest shifts, often a few percent of peak. Whether that is "enough" depends on how close we are to the limit.',
      },
      {
        by: 'zoe',
        body: 'Smart thermostats and EV charging schedules make the shift much larger than in the older pilots.',
      },
    ],
    reactions: { insightful: ['marcus', 'jonas'], well_sourced: ['aisha'] },
  },
  {
    by: 'demo',
    hoursAgo: 43,
    body: 'Trying out the sandbox: posts, comments and reactions here go through the same budget and moderation as the API. #hold should keep this one out of the public timeline.',
  },
  {
    by: 'aisha',
    hoursAgo: 40,
    body: 'School meal debate: universal free breakfast removed the stigma problem in the pilot schools, and the nutrition office report showed breakfast participation nearly doubled. The cost is the open question.',
    comments: [
      { by: 'tomas', body: 'The report also notes fewer morning nurse visits. Hard to price, but real.' },
      {
        by: 'marcus',
        body: 'Federal reimbursement covers part of it if enough schools qualify under community eligibility. Worth checking how many of ours would.',
      },
    ],
    reactions: { well_sourced: ['priya', 'demo'], agree: ['zoe', 'tomas'] },
  },
  {
    by: 'jonas',
    hoursAgo: 37,
    body: 'The light rail extension is being sold on ridership projections from 2019. Remote work changed commuting. The council should ask for an updated forecast before approving the next phase.',
    comments: [
      {
        by: 'marcus',
        body: 'Fair. Though weekend and off-peak ridership recovered faster than commuting in the latest counts.',
      },
      { by: 'zoe', body: 'An updated forecast is cheap compared with the project. No reason not to ask.' },
    ],
    reactions: { agree: ['tomas', 'zoe', 'priya'], insightful: ['marcus'] },
  },
  {
    by: 'tomas',
    hoursAgo: 34,
    body: 'Streetlights to LED: the public works department says the conversion paid back in under five years from energy and maintenance savings. Good example of a climate measure that also saves money.',
    reactions: { well_sourced: ['aisha'], agree: ['jonas', 'demo'] },
  },
  {
    by: 'zoe',
    hoursAgo: 31,
    body: 'Reading list for the school calendar debate: the district attendance data (public, by month), the teachers’ union survey, and the parent survey from the family engagement office. They disagree in interesting ways.',
    comments: [
      {
        by: 'priya',
        body: 'The parent survey had a low response rate in the east district. Worth weighting before drawing conclusions.',
      },
    ],
    reactions: { well_sourced: ['priya', 'aisha', 'marcus'], insightful: ['jonas'] },
  },
  {
    by: 'marcus',
    hoursAgo: 28,
    body: 'Bus stop consolidation is the least glamorous way to speed up buses, and one of the most effective. Stops every 200 metres on Route 4 mean the bus spends a large share of its trip stopped.',
    comments: [
      {
        by: 'aisha',
        body: 'Only if the remaining stops get shelters and are accessible. Otherwise it hurts older riders the most.',
      },
      { by: 'marcus', body: 'Agreed. The proposal should name the stops and the accessibility upgrades together.' },
    ],
    reactions: { agree: ['priya', 'zoe'], insightful: ['aisha'] },
  },
  {
    by: 'priya',
    hoursAgo: 25,
    body: 'Community solar would let renters share in the savings that homeowners get from rooftop panels. The state public utility commission approved a program framework last year; the city just has to opt in.',
    comments: [
      {
        by: 'jonas',
        body: 'This is the version of solar support I can get behind. It answers the cross-subsidy problem.',
      },
    ],
    reactions: { agree: ['jonas', 'zoe', 'demo'], well_sourced: ['marcus'] },
  },
  {
    by: 'aisha',
    hoursAgo: 22,
    body: 'Snow clearing priorities: bus routes and sidewalks near schools should come before arterial car lanes. Sources: the public works snow plan (current order) and the pedestrian injury data from last winter.',
    reactions: { agree: ['marcus', 'tomas'], well_sourced: ['zoe'] },
  },
  {
    by: 'jonas',
    hoursAgo: 19,
    body: 'Building performance standards for large buildings are coming to the council. The proposal follows the approach other cities took: report energy use first, then meet targets by 2030. The reporting part alone changes behaviour.',
    comments: [
      {
        by: 'zoe',
        body: 'Benchmarking data from cities that did this showed a few percent savings just from owners seeing their numbers.',
      },
    ],
    reactions: { insightful: ['priya', 'aisha'] },
  },
  {
    by: 'tomas',
    hoursAgo: 16,
    body: 'Question, not a claim: does anyone have numbers on how many students would lose a job or a sibling-care role if high school started at 8:45? That is the objection I hear most from families.',
    comments: [
      {
        by: 'priya',
        body: 'The district family survey asked about after-school responsibilities. The summary table is on page 7.',
      },
      { by: 'demo', body: 'Thanks, reading it now. The table splits by grade, which helps.' },
    ],
    reactions: { insightful: ['priya', 'zoe'] },
  },
  {
    by: 'zoe',
    hoursAgo: 13,
    body: 'The e-bike rebate ran out of money in three weeks. That is a demand signal, not a failure. The transportation department’s follow-up survey found most recipients replaced car trips, not bus trips.',
    comments: [
      {
        by: 'marcus',
        body: 'Replacing car trips rather than bus trips is the key number. Good that they measured it.',
      },
    ],
    reactions: { well_sourced: ['marcus', 'jonas'], agree: ['aisha', 'demo'] },
  },
  {
    by: 'marcus',
    hoursAgo: 10,
    body: 'Night bus service: hospital and warehouse shift workers are the riders the timetable forgets. The labour council survey found many night-shift workers drive only because there is no bus after midnight.',
    reactions: { agree: ['tomas', 'aisha', 'priya'] },
  },
  {
    by: 'priya',
    hoursAgo: 7,
    body: 'Steel-manning the other side on later start times: the transition costs are front-loaded and certain, the benefits are spread out and harder to see. That is why it keeps losing budget votes, not because of the evidence.',
    comments: [
      {
        by: 'jonas',
        body: 'This is the most useful framing in the thread. Phase it in over two years to spread the cost.',
      },
      { by: 'aisha', body: 'And report attendance and tardiness each term so the benefits become visible.' },
    ],
    reactions: { insightful: ['jonas', 'aisha', 'marcus', 'demo'] },
  },
  {
    by: 'aisha',
    hoursAgo: 4,
    body: 'Heat pump subsidies should be means-tested. The state energy office program data shows most early rebates went to households in the top income brackets, who would likely have upgraded anyway.',
    comments: [
      {
        by: 'zoe',
        body: 'Means-testing plus on-bill financing would reach renters and lower-income owners. I am with you on this one.',
      },
    ],
    reactions: { well_sourced: ['priya', 'jonas'], agree: ['zoe'] },
  },
  {
    by: 'tomas',
    hoursAgo: 2,
    body: 'مرحبا! Our neighbourhood association translated the transit survey into Arabic and Spanish this year and responses from those blocks tripled. Translation is cheap; missing voices are expensive. 🚌',
    reactions: { agree: ['marcus', 'aisha', 'zoe'] },
  },
  {
    by: 'zoe',
    hoursAgo: 1,
    body: 'Links for anyone catching up on the energy debate: https://example.org/riverton/rate-case and https://example.org/riverton/reliability-assessment (both summaries of the public filings).',
    reactions: { well_sourced: ['priya'] },
  },
];
