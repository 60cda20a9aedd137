// npm run rebuild — re-renders every company's site. The renderer arrives with the publishing
// pipeline (issue "Publishing pipeline"); until then there is nothing to rebuild.
console.log('not yet: site rendering arrives with the publishing pipeline');
