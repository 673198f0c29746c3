// A delete from a table whose pages are still unread (a file budget stamped) shifts every
// record after it one place earlier. Rather than read those pages to make them anew, the list
// keeps them unread as a view of the pages as read (`DeferredPages.tail`), each page's summary
// made from the first records of the pages it spans; the writer copies their bytes with each
// `order` put right (`RecordCopier.copyShifted`), and code that compares the list with the one
// it was made from passes them by `shiftedTail(with:)`.

extension RecordList {
    /// How many records at most a delete may remove and still leave the pages after it unread.
    static var shiftableCount: Int { 64 }

    /// Removes the records at these positions (ascending, each once), each record after them
    /// given its new place as its `order`; the pages after the last one removed are kept
    /// unread when they were, shifted (a delete from a stamped file reads one or two pages).
    mutating func removeRenumbering(atSorted positions: [Int]) {
        if removeShifting(atSorted: positions) { return }
        remove(atSorted: positions) { record, position in
            if record.order != position + 1 { record.order = position + 1 }
        }
    }

    /// `removeRenumbering`, keeping the pages after the last record removed unread: `false`
    /// (nothing done) when they are not all unread pages of a stamped file, or too many go.
    private mutating func removeShifting(atSorted positions: [Int]) -> Bool {
        guard let deferred, deferred.base == nil, let first = positions.first, let last = positions.last,
              positions.count <= Self.shiftableCount else { return false }
        let removed = positions.count, newTotal = total - removed
        // The first page of the list left that lies wholly after the last record removed: from
        // it on, each record is the one `removed` places later in the list as it was.
        let tailStart = ((last - removed + 1 + Self.pageSize - 1) >> Self.pageShift) << Self.pageShift
        let firstPage = first >> Self.pageShift, tailPage = tailStart >> Self.pageShift
        guard tailStart < newTotal, firstPage <= tailPage,
              pages[((tailStart + removed) >> Self.pageShift)...].allSatisfy(\.isEmpty),
              let tailSummaries = Self.shiftedSummaries(
                of: deferred, from: tailStart + removed, count: newTotal - tailStart)
        else { return false }
        // The pages from the first record removed up to the tail, made anew.
        var made: [Record] = []
        made.reserveCapacity(tailStart - (firstPage << Self.pageShift))
        var next = 0, position = firstPage << Self.pageShift
        while made.count < tailStart - (firstPage << Self.pageShift) {
            if next < positions.count && positions[next] == position {
                next += 1
            } else {
                var record = element(at: position)
                record.order = (firstPage << Self.pageShift) + made.count + 1
                made.append(record)
            }
            position += 1
        }
        let madePages = RecordList(made).pages
        let madeSummaries = madePages.compactMap(PageSummary.init(of:))
        guard madeSummaries.count == madePages.count else { return false }
        let summaries = Array(deferred.summaries[..<firstPage] + madeSummaries + tailSummaries)
        let base = deferred, shift = removed, built = madePages
        let shifted = DeferredPages(
            summaries: summaries, blank: Record.schema.blank(RecordID.string(for: 0)), readPrefix: nil,
            base: (base, 0..<firstPage, (tailStart, tailStart + removed))
        ) { page in
            if page < tailPage { return Array(built[page - firstPage]) }
            // A page that does not add up to its summary did not read (its base's failed).
            let records = Self.shiftedPage(page, of: base, by: shift, total: newTotal)
            return PageSummary(of: records[...]) == summaries[page] ? records : nil
        }
        pages.removeSubrange(firstPage...)
        pages += madePages
        pages += [ArraySlice<Record>](repeating: [], count: tailSummaries.count)
        total = newTotal
        self.deferred = shifted
        return true
    }

    /// The summaries of the pages of `count` records that start `from` in `pages` (the
    /// first of them a page's start less a few records): each made from its first page's
    /// summary less its first records, plus the first records of the next. `nil` when a page's
    /// first records do not read.
    private static func shiftedSummaries(
        of pages: DeferredPages<Record>, from start: Int, count: Int
    ) -> [PageSummary]? {
        let offset = start & (pageSize - 1), firstPage = start >> pageShift
        var heads: [Int: [Record]] = [:]
        func head(_ page: Int) -> [Record]? {
            if let known = heads[page] { return known }
            guard page < pages.summaries.count, let read = pages.prefix(ofPage: page, count: offset + 1) else {
                return nil
            }
            heads[page] = read
            return read
        }
        var summaries: [PageSummary] = []
        var done = 0
        var page = firstPage
        while done < count {
            let size = Swift.min(pageSize, count - done)
            let whole = pages.summaries[page]
            // The page's records from `offset` on, and the next page's first `rest`.
            let rest = size - (whole.count - offset)
            guard rest >= 0, let mine = head(page), mine.count > offset,
                  let dropped = PageSummary.sizes(of: mine[..<offset]),
                  let firstID = RecordID.number(fromStored: mine[offset].id) else { return nil }
            var all = whole.sizes.all - dropped.all, refunds = whole.sizes.refunds - dropped.refunds
            var lastID = whole.lastID
            if rest > 0 {
                guard let theirs = head(page + 1), theirs.count >= rest,
                      let added = PageSummary.sizes(of: theirs[..<rest]),
                      let last = RecordID.number(fromStored: theirs[rest - 1].id) else { return nil }
                let (sum, overflow) = all.addingReportingOverflow(added.all)
                guard !overflow else { return nil }
                all = sum
                refunds += added.refunds
                lastID = last
            }
            guard all >= 0, refunds >= 0, refunds <= all, firstID <= lastID else { return nil }
            summaries.append(PageSummary(count: size, firstID: firstID, lastID: lastID, sizes: (all, refunds)))
            done += size
            page += 1
        }
        return summaries
    }

    /// Page `page` of a list made from `base` by removing `shift` records before it: base's
    /// records `shift` places later, each given its new place as its order (the caller checks
    /// them against the page's summary).
    private static func shiftedPage(
        _ page: Int, of base: DeferredPages<Record>, by shift: Int, total: Int
    ) -> [Record] {
        let start = page << pageShift, count = Swift.min(pageSize, total - start)
        var records: [Record] = []
        records.reserveCapacity(count)
        var position = start + shift
        while records.count < count {
            let from = base.records(ofPage: position >> pageShift)
            for index in (from.startIndex + position & (pageSize - 1))..<from.endIndex where records.count < count {
                var record = from[index]
                record.order = start + records.count + 1
                records.append(record)
            }
            position = ((position >> pageShift) + 1) << pageShift
        }
        return records
    }

    /// Where this list's last records are `other`'s last records, shifted by a delete (one
    /// list made from the other by `removeRenumbering`, and neither has read those pages in
    /// since): where the run starts in this list and in `other`. The two runs hold the same
    /// records, orders aside, without reading them.
    func shiftedTail(with other: RecordList) -> (mine: Int, theirs: Int)? {
        if let tail = deferred?.tail, let base = deferred?.base, base === other.deferred,
           Self.holdUnread(self, from: tail.start, other, from: tail.baseStart) {
            return (tail.start, tail.baseStart)
        }
        if let tail = other.deferred?.tail, let base = other.deferred?.base, base === deferred,
           Self.holdUnread(other, from: tail.start, self, from: tail.baseStart) {
            return (tail.baseStart, tail.start)
        }
        return nil
    }

    /// Whether both lists hold every page from these positions on unread, as many records each.
    private static func holdUnread(
        _ one: RecordList, from start: Int, _ other: RecordList, from otherStart: Int
    ) -> Bool {
        one.total - start == other.total - otherStart && start < one.total
            && one.pages[(start >> pageShift)...].allSatisfy(\.isEmpty)
            && other.pages[(otherStart >> pageShift)...].allSatisfy(\.isEmpty)
    }

    /// Notes that what was made from this list's unread pages cannot be trusted (`DeferredPages.fail()`).
    func noteUnreadPagesFailed() {
        deferred?.fail()
    }
}
